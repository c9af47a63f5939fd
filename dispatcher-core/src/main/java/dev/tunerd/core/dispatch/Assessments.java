package dev.tunerd.core.dispatch;

import dev.tunerd.spi.AssessResult;
import dev.tunerd.spi.Assessor;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.spi.text.SafeText;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Calls the assessor and checks its answer (spec 4.6). Stateless; thread-safe. */
final class Assessments {

    private static final Logger LOG = LoggerFactory.getLogger(MsgDispatcher.class);

    private Assessments() {
    }

    /** True when the assessor says {@link AssessResult#BAD}. */
    static boolean isBad(Assessor assessor, String trialJobId, List<JsonValue> history) {
        AssessResult result = assessor.assessTrial(trialJobId, history);
        if (result == null) {
            throw new IllegalStateException("Result of Assessor.assess_trial must be an object of AssessResult, not None");
        }
        LOG.debug("Assessed trial {} at step {}: {}", SafeText.of(trialJobId), history.size() - 1, result);
        return result == AssessResult.BAD;
    }
}
