package dev.tunerd.it.algorithms;

import dev.tunerd.spi.AssessResult;
import dev.tunerd.spi.Assessor;
import dev.tunerd.spi.json.JsonValue;
import java.util.List;

/** A no-op assessor for throughput runs: Good for every trial except one named {@code END}, whose KI marks the end. */
public final class MarkerAssessor implements Assessor {
    @Override
    public AssessResult assessTrial(String trialJobId, List<JsonValue> history) {
        return "END".equals(trialJobId) ? AssessResult.BAD : AssessResult.GOOD;
    }
}
