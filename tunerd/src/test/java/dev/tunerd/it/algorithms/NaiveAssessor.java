package dev.tunerd.it.algorithms;

import dev.tunerd.spi.AssessResult;
import dev.tunerd.spi.Assessor;
import dev.tunerd.spi.json.JsonValue;
import java.util.List;

/**
 * NNI's {@code NaiveAssessor} from {@code test/ut/sdk/test_assessor.py}: Good iff the sum of the history is even.
 * Logs every call through {@link System.Logger} so a black-box test can read them in {@code dispatcher.log}.
 */
public final class NaiveAssessor implements Assessor {
    private static final System.Logger LOG = System.getLogger("naive.assessor");

    @Override
    public AssessResult assessTrial(String trialJobId, List<JsonValue> history) {
        LOG.log(System.Logger.Level.INFO, "assess_trial " + trialJobId + " " + history);
        long sum = 0;
        for (JsonValue v : history) {
            sum += (long) v.asDouble();
        }
        return sum % 2 == 0 ? AssessResult.GOOD : AssessResult.BAD;
    }

    @Override
    public void trialEnd(String trialJobId, boolean success) {
        LOG.log(System.Logger.Level.INFO, "trial_end " + trialJobId + " " + success);
    }
}
