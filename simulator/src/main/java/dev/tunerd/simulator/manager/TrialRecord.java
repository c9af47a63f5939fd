package dev.tunerd.simulator.manager;

import dev.tunerd.spi.json.JsonValue;

/**
 * One finished trial as the simulated manager saw it. Immutable (the intermediate array is never exposed for writing:
 * {@link #intermediate()} returns a copy).
 *
 * @param sequence       0-based order in which the trial ended
 * @param parameterId    the {@code parameter_id} of its TR (a number, or a string for advisors)
 * @param trialJobId     the trial job id the manager gave it
 * @param parameters     the {@code parameters} of its TR
 * @param value          the last metric it reported (the FINAL value when it succeeded)
 * @param trueFinal      the noise-free value the full run would have reached
 * @param epochs         how many epochs it ran (intermediate metrics sent, at least 1)
 * @param status         how it ended
 * @param latencyNanos   from the GE its TR answered to the TR's arrival
 * @param intermediate   the PERIODICAL metrics it sent, in order (empty for single-epoch problems)
 * @param startSeconds   when it started, in the simulated manager's virtual seconds (NaN when unknown)
 * @param endSeconds     when it ended, in the same virtual seconds (NaN when unknown)
 * @param budget         the epochs its {@code TRIAL_BUDGET} asked for (clamped to the problem's horizon), or 0 when
 *                       its parameters had none (it trains the whole horizon)
 */
public record TrialRecord(int sequence, JsonValue parameterId, String trialJobId, JsonValue parameters, double value,
                          double trueFinal, int epochs, TrialStatus status, long latencyNanos, double[] intermediate,
                          double startSeconds, double endSeconds, int budget) {

    public TrialRecord {
        intermediate = intermediate.clone();
        if (budget < 0) {
            throw new IllegalArgumentException("budget must be 0 (none) or positive, got " + budget);
        }
    }

    /** A trial without a {@code TRIAL_BUDGET}. */
    public TrialRecord(int sequence, JsonValue parameterId, String trialJobId, JsonValue parameters, double value,
                       double trueFinal, int epochs, TrialStatus status, long latencyNanos, double[] intermediate,
                       double startSeconds, double endSeconds) {
        this(sequence, parameterId, trialJobId, parameters, value, trueFinal, epochs, status, latencyNanos,
            intermediate, startSeconds, endSeconds, 0);
    }

    /** A trial without intermediate metrics or times. */
    public TrialRecord(int sequence, JsonValue parameterId, String trialJobId, JsonValue parameters, double value,
                       double trueFinal, int epochs, TrialStatus status, long latencyNanos) {
        this(sequence, parameterId, trialJobId, parameters, value, trueFinal, epochs, status, latencyNanos,
            new double[0], Double.NaN, Double.NaN);
    }

    @Override
    public double[] intermediate() {
        return intermediate.clone();
    }
}
