package dev.tunerd.it.algorithms;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.AssessResult;
import dev.tunerd.spi.Assessor;
import dev.tunerd.spi.json.JsonBool;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.util.List;

/** Always answers the same: classArgs {@code {"bad": true}} kills every trial, otherwise all are Good. */
public final class VerdictAssessor implements Assessor {
    private final AssessResult verdict;

    public VerdictAssessor(AlgorithmContext context, JsonObject classArgs) {
        this.verdict = classArgs.get("bad") == JsonBool.TRUE ? AssessResult.BAD : AssessResult.GOOD;
    }

    @Override
    public AssessResult assessTrial(String trialJobId, List<JsonValue> history) {
        return verdict;
    }
}
