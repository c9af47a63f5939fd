package dev.tunerd.simulator.manager;

import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.util.Map;

/**
 * The epochs a trial trains, read from its parameters as a multi-fidelity advisor (Hyperband, BOHB, ASHA) sets them:
 * {@code TRIAL_BUDGET} b trains b epochs of the problem's curve (rounded, clamped to 1..horizon), a trial without it
 * trains the whole horizon. The key is not a parameter of the problem: {@link #plain()} is what the problem
 * evaluates. Immutable.
 *
 * @param epochs   the epochs the trial trains
 * @param budgeted whether the parameters carried {@code TRIAL_BUDGET}
 * @param plain    the parameters without {@code TRIAL_BUDGET}
 */
public record TrialBudget(int epochs, boolean budgeted, JsonObject plain) {

    /** NNI's key for the budget of an advisor's trial. */
    public static final String KEY = "TRIAL_BUDGET";

    /** The budget of {@code parameters} on a problem whose trials train {@code horizon} epochs at most. */
    public static TrialBudget of(JsonObject parameters, int horizon) {
        JsonValue b = parameters.get(KEY);
        if (b == null) {
            return new TrialBudget(horizon, false, parameters);
        }
        if (!b.isNumber() || !Double.isFinite(b.asDouble())) {
            throw new IllegalArgumentException(KEY + " must be a finite number, got " + b);
        }
        JsonObject.Builder plain = JsonObject.builder();
        for (Map.Entry<String, JsonValue> e : parameters.members().entrySet()) {
            if (!e.getKey().equals(KEY)) {
                plain.put(e.getKey(), e.getValue());
            }
        }
        int epochs = (int) Math.max(1, Math.min(horizon, Math.round(b.asDouble())));
        return new TrialBudget(epochs, true, plain.build());
    }
}
