package dev.tunerd.spi;

import java.util.Optional;
import java.util.OptionalInt;

/**
 * What the experiment says about its own size, when it says it: the most trials it will run (NNI's
 * {@code maxTrialNumber}, v1 {@code maxTrialNum}) and how many run at once ({@code trialConcurrency}). The dispatcher
 * fills it from {@code --exp_params} or from the command line ({@code --max-trials}, {@code --trial-concurrency}); a
 * value the experiment does not give is empty. A hint for algorithms that plan (Auto picks by it): the manager may
 * still stop earlier (duration) or go on longer (the user raises the limit in the web UI). Immutable.
 *
 * @param maxTrials   the most trials the experiment will run; empty when unlimited or not known
 * @param concurrency trials in flight at once; empty when not known
 */
public record ExperimentBudget(OptionalInt maxTrials, OptionalInt concurrency) {
    /** Nothing known. */
    public static final ExperimentBudget UNKNOWN = new ExperimentBudget(OptionalInt.empty(), OptionalInt.empty());

    public ExperimentBudget {
        if (maxTrials.isPresent() && maxTrials.getAsInt() < 1) {
            throw new IllegalArgumentException("maxTrials must be at least 1: " + maxTrials.getAsInt());
        }
        if (concurrency.isPresent() && concurrency.getAsInt() < 1) {
            throw new IllegalArgumentException("concurrency must be at least 1: " + concurrency.getAsInt());
        }
    }

    /** From nullable values (null: not known). */
    public static ExperimentBudget of(Integer maxTrials, Integer concurrency) {
        return new ExperimentBudget(Optional.ofNullable(maxTrials).map(OptionalInt::of).orElse(OptionalInt.empty()),
            Optional.ofNullable(concurrency).map(OptionalInt::of).orElse(OptionalInt.empty()));
    }

    /** A short human form for logs: {@code maxTrialNumber 200, trialConcurrency 4} or {@code unknown}. */
    public String describe() {
        String trials = maxTrials.isPresent() ? "maxTrialNumber " + maxTrials.getAsInt() : "maxTrialNumber unknown";
        String flight = concurrency.isPresent() ? "trialConcurrency " + concurrency.getAsInt()
            : "trialConcurrency unknown";
        return trials + ", " + flight;
    }
}
