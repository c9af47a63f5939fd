package dev.tunerd.simulator.manager;

import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.util.Map;
import java.util.Set;

/**
 * The epochs a trial trains, read from its parameters as a multi-fidelity advisor (Hyperband, BOHB, ASHA) sets them:
 * {@code TRIAL_BUDGET} b trains b epochs of the problem's curve (rounded, clamped to 1..horizon), a trial without it
 * trains the whole horizon. The key is no parameter of the problem, nor are PBT's {@code load_checkpoint_dir} and
 * {@code save_checkpoint_dir} (paths under a fresh temporary directory, which would make the problem's noise, seeded
 * by the parameters, differ from run to run): {@link #plain()} is what the problem evaluates. Immutable.
 *
 * @param epochs   the epochs the trial trains
 * @param budgeted whether the parameters carried {@code TRIAL_BUDGET}
 * @param plain    the parameters without {@code TRIAL_BUDGET} and PBT's checkpoint paths
 */
public record TrialBudget(int epochs, boolean budgeted, JsonObject plain) {

    /** NNI's key for the budget of an advisor's trial. */
    public static final String KEY = "TRIAL_BUDGET";
    /** Keys the trial's harness reads, not its model. */
    private static final Set<String> HARNESS_KEYS = Set.of(KEY, "load_checkpoint_dir", "save_checkpoint_dir");

    /** The budget of {@code parameters} on a problem whose trials train {@code horizon} epochs at most. */
    public static TrialBudget of(JsonObject parameters, int horizon) {
        JsonObject plain = parameters;
        if (HARNESS_KEYS.stream().anyMatch(parameters::has)) {
            JsonObject.Builder model = JsonObject.builder();
            for (Map.Entry<String, JsonValue> e : parameters.members().entrySet()) {
                if (!HARNESS_KEYS.contains(e.getKey())) {
                    model.put(e.getKey(), e.getValue());
                }
            }
            plain = model.build();
        }
        JsonValue b = parameters.get(KEY);
        if (b == null) {
            return new TrialBudget(horizon, false, plain);
        }
        if (!b.isNumber() || !Double.isFinite(b.asDouble())) {
            throw new IllegalArgumentException(KEY + " must be a finite number, got " + b);
        }
        int epochs = (int) Math.max(1, Math.min(horizon, Math.round(b.asDouble())));
        return new TrialBudget(epochs, true, plain);
    }
}
