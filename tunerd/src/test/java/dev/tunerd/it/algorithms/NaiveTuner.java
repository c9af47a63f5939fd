package dev.tunerd.it.algorithms;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonBool;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonNull;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.util.ArrayList;
import java.util.List;

/**
 * NNI's {@code NaiveTuner} from {@code test/ut/sdk/test_msg_dispatcher.py}: a counter that grows by 2 per set, and
 * its internal state (results received, last search space) reported inside every parameter set. Opts in to
 * customized trials. Test-only; loaded by the daemon through {@code className} + {@code codeDirectory}.
 */
public final class NaiveTuner implements Tuner {
    private long param;
    private final List<JsonValue> trialResults = new ArrayList<>();
    private JsonValue searchSpace = JsonNull.INSTANCE;

    public NaiveTuner(AlgorithmContext context, JsonObject classArgs) {
        if (!classArgs.keys().isEmpty()) {
            throw new IllegalArgumentException("NaiveTuner takes no classArgs, got " + classArgs.keys());
        }
    }

    @Override
    public void updateSearchSpace(JsonObject space) {
        this.searchSpace = space;
    }

    @Override
    public JsonValue generateParameters(long parameterId) {
        param += 2;
        return JsonObject.builder().put("param", param).put("trial_results", new JsonArray(trialResults))
            .put("search_space", searchSpace).build();
    }

    @Override
    public void receiveTrialResult(TrialResult r) {
        JsonValue reward = r.value().isNumber() ? r.value() : ((JsonObject) r.value()).get("default");
        trialResults.add(JsonArray.of(JsonInt.of(r.parameterId()), ((JsonObject) r.parameters()).get("param"), reward,
            JsonBool.of(r.customized())));
    }

    @Override
    public boolean acceptsCustomizedTrials() {
        return true;
    }
}
