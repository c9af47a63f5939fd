package dev.tunerd.simulator.manager;

import java.util.List;

/**
 * The outcome of one simulated experiment. Immutable.
 *
 * @param problem          the problem's name
 * @param optimum          its f*
 * @param epochsPerTrial   epochs a trial runs when not stopped early
 * @param trials           every finished trial, in the order they ended
 * @param wallNanos        from starting the daemon to its exit
 * @param exitCode         the daemon's exit code
 * @param tunerExhausted   true when the tuner said NO and had nothing more before all trials ran
 * @param peakResidentKib  the daemon's peak resident memory (VmHWM), or -1 when unknown
 */
public record RunResult(String problem, double optimum, int epochsPerTrial, List<TrialRecord> trials, long wallNanos,
                        int exitCode, boolean tunerExhausted, long peakResidentKib) {

    public RunResult {
        trials = List.copyOf(trials);
    }

    /**
     * Best final value after each finished trial (+Infinity until the first success), among the trials trained to
     * {@link #largestBudget()}: a shorter training's final value is no full training's (the multi-fidelity bench
     * counts its incumbent the same way). Without {@code TRIAL_BUDGET}s every successful trial counts.
     */
    public double[] bestSoFar() {
        double[] out = new double[trials.size()];
        double best = Double.POSITIVE_INFINITY;
        int largest = largestBudget();
        for (int i = 0; i < out.length; i++) {
            TrialRecord t = trials.get(i);
            if (t.status() == TrialStatus.SUCCEEDED && epochsAsked(t) == largest && t.value() < best) {
                best = t.value();
            }
            out[i] = best;
        }
        return out;
    }

    /** The most epochs any trial was asked to train: its {@code TRIAL_BUDGET}, the horizon for a trial without. */
    public int largestBudget() {
        return trials.stream().mapToInt(this::epochsAsked).max().orElse(epochsPerTrial);
    }

    /** Trials whose parameters carried a {@code TRIAL_BUDGET} below {@link #largestBudget()}. */
    public long smallerBudgets() {
        int largest = largestBudget();
        return trials.stream().filter(t -> epochsAsked(t) < largest).count();
    }

    private int epochsAsked(TrialRecord t) {
        return t.budget() > 0 ? t.budget() : epochsPerTrial;
    }

    public double bestValue() {
        double[] b = bestSoFar();
        return b.length == 0 ? Double.POSITIVE_INFINITY : b[b.length - 1];
    }

    /** Simple regret: best value minus f*. */
    public double regret() {
        return bestValue() - optimum;
    }

    /** Mean time from a GE to the TR that answered it, in milliseconds. */
    public double meanLatencyMillis() {
        return trials.stream().mapToLong(TrialRecord::latencyNanos).average().orElse(Double.NaN) / 1e6;
    }

    public long epochsUsed() {
        return trials.stream().mapToLong(TrialRecord::epochs).sum();
    }

    /** Epochs run as a fraction of what every trial running to the end would have taken. */
    public double epochFraction() {
        return trials.isEmpty() ? Double.NaN : (double) epochsUsed() / ((long) epochsPerTrial * trials.size());
    }

    public long earlyStopped() {
        return trials.stream().filter(t -> t.status() == TrialStatus.EARLY_STOPPED).count();
    }

    /** Whether the configuration with the best noise-free full-length value was stopped early. */
    public boolean bestConfigurationKilled() {
        TrialRecord best = null;
        for (TrialRecord t : trials) {
            if (best == null || t.trueFinal() < best.trueFinal()) {
                best = t;
            }
        }
        return best != null && best.status() == TrialStatus.EARLY_STOPPED;
    }
}
