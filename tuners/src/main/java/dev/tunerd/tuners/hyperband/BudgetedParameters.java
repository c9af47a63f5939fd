package dev.tunerd.tuners.hyperband;

import dev.tunerd.spi.InvalidSearchSpaceException;
import dev.tunerd.spi.json.JsonObject;

/** The {@code TRIAL_BUDGET} key every multi-fidelity advisor adds to the parameters it issues (NNI's {@code _KEY}). */
public final class BudgetedParameters {
    /** The key, as NNI's Hyperband and BOHB write it. */
    public static final String KEY = "TRIAL_BUDGET";

    private BudgetedParameters() {
    }

    /** {@code params} with {@code TRIAL_BUDGET: budget} added last. */
    public static JsonObject with(JsonObject params, int budget) {
        JsonObject.Builder b = JsonObject.builder();
        params.members().forEach(b::put);
        return b.put(KEY, budget).build();
    }

    /** Refuses a search space that already uses the key (the trial could not tell the two apart). */
    public static void checkSpace(JsonObject space) {
        if (space.has(KEY)) {
            throw new InvalidSearchSpaceException("search space parameter \"" + KEY + "\" clashes with the budget key"
                + " this algorithm adds to every parameter set");
        }
    }
}
