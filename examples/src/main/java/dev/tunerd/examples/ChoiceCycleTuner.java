package dev.tunerd.examples;

import dev.tunerd.spi.InvalidSearchSpaceException;
import dev.tunerd.spi.NoMoreTrialsException;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import dev.tunerd.spi.json.JsonValue;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Hands out every combination of the space's {@code choice} parameters, the last key varying fastest (as NNI's
 * GridSearch), optionally shuffled with a seed; then {@link NoMoreTrialsException}, or the first again with
 * {@code repeat}. Results are only logged: this is an example of the plumbing, not a clever tuner.
 *
 * <p>Not thread-safe, and need not be: tunerd never calls one tuner from two threads at once.
 */
public final class ChoiceCycleTuner implements Tuner {

    private static final System.Logger LOG = System.getLogger(ChoiceCycleTuner.class.getName());

    private final ChoiceCycleArgs args;
    private List<JsonObject> combinations = List.of();
    private int next;

    ChoiceCycleTuner(ChoiceCycleArgs args) {
        this.args = args;
    }

    @Override
    public void updateSearchSpace(JsonObject space) {
        List<String> problems = new ArrayList<>();
        List<String> keys = new ArrayList<>();
        List<List<JsonValue>> options = new ArrayList<>();
        for (Map.Entry<String, JsonValue> e : space.members().entrySet()) {
            if (e.getValue() instanceof JsonObject spec && spec.get("_type") instanceof JsonString t
                && t.value().equals("choice") && spec.get("_value") instanceof JsonArray values && values.size() > 0) {
                keys.add(e.getKey());
                options.add(values.values());
            } else {
                problems.add(e.getKey() + ": ChoiceCycle supports only non-empty \"choice\" parameters");
            }
        }
        if (!problems.isEmpty()) {
            throw new InvalidSearchSpaceException(problems);
        }
        combinations = enumerate(keys, options);
        if (args.seed() != null) {
            Collections.shuffle(combinations, new Random(args.seed()));
        }
        next = 0;
        LOG.log(System.Logger.Level.INFO, "ChoiceCycle: " + combinations.size() + " combinations");
    }

    @Override
    public JsonValue generateParameters(long parameterId) throws NoMoreTrialsException {
        if (next == combinations.size()) {
            if (!args.repeat() || combinations.isEmpty()) {
                throw new NoMoreTrialsException("all " + combinations.size() + " combinations were handed out");
            }
            next = 0;
        }
        return combinations.get(next++);
    }

    @Override
    public void receiveTrialResult(TrialResult result) {
        LOG.log(System.Logger.Level.INFO, "ChoiceCycle: " + result.parameters() + " scored " + result.scalar());
    }

    private static List<JsonObject> enumerate(List<String> keys, List<List<JsonValue>> options) {
        List<JsonObject> out = new ArrayList<>();
        int[] index = new int[keys.size()];
        while (true) {
            JsonObject.Builder b = JsonObject.builder();
            for (int k = 0; k < keys.size(); k++) {
                b.put(keys.get(k), options.get(k).get(index[k]));
            }
            out.add(b.build());
            int k = keys.size() - 1;
            while (k >= 0 && ++index[k] == options.get(k).size()) {
                index[k--] = 0;
            }
            if (k < 0) {
                return out;
            }
        }
    }
}
