package dev.tunerd.simulator.manager;

/** Told about every finished trial, on the manager's thread. Implementations need not be thread-safe. */
@FunctionalInterface
public interface ProgressListener {

    ProgressListener NONE = (trial, done, total, best, elapsedNanos) -> { };

    /**
     * @param trial        the trial that just ended
     * @param done         trials ended so far
     * @param total        trials the experiment runs
     * @param bestSoFar    the best final value so far (+Infinity before the first success)
     * @param elapsedNanos since the daemon was started
     */
    void trialEnded(TrialRecord trial, int done, int total, double bestSoFar, long elapsedNanos);
}
