package dev.tunerd.core.checkpoint;

import java.util.Optional;

/**
 * When the recorder takes the tuner's state with a {@code GE}, and when it records only the call
 * ({@link GenerationStep}) for a resume to repeat. A state costs time in proportion to the tuner's history (Random
 * and GridSearch keep every issued set), so taking one after every call made an experiment cost quadratic time. A
 * state is due:
 * <ul>
 *   <li>when there is none yet, and at the first call after a search-space change (steps are repeated in the space
 *       of the resume, so none may straddle a change);</li>
 *   <li>when the calls since the last state are as many as the calls before it (a doubling interval: the states
 *       written over n calls add up to about twice the last one, so O(n) bytes, and a resume repeats at most half of
 *       the calls);</li>
 *   <li>when the calls since the last state took the tuner more than {@value #REPLAY_COST_FACTOR} times what taking and
 *       writing the last state cost (so a slow tuner, TPE late in a run, is not replayed for long on resume, while
 *       states cost at most a sixteenth of its own time).</li>
 * </ul>
 * Not thread-safe (the recorder serialises).
 */
final class TunerStateCadence {
    static final int REPLAY_COST_FACTOR = 16;

    private boolean hasState;
    private boolean spaceChanged;
    private long steps;
    private long stepsAtState;
    private long pendingNanos;
    private long lastStateNanos;

    /** Continues after {@code recovered}, the tuner state (and the calls after it) a resume restores. */
    TunerStateCadence(Optional<AlgorithmSnapshot> recovered) {
        recovered.ifPresent(a -> {
            hasState = true;
            stepsAtState = Math.max(1, a.covered().issued());
            steps = stepsAtState + a.events().size();
            lastStateNanos = Long.MAX_VALUE / (2 * REPLAY_COST_FACTOR); // unknown until the next state is taken
        });
    }

    boolean due() {
        return !hasState || spaceChanged || steps - stepsAtState >= stepsAtState
            || pendingNanos >= REPLAY_COST_FACTOR * lastStateNanos;
    }

    void spaceChanged() {
        spaceChanged = true;
    }

    /**
     * An input that a resume gives the tuner again and that no {@code GE} accompanies (an intermediate result): it
     * counts as a call towards the doubling interval, so the inputs held for replay stay at most about as many as those
     * the last state covers.
     */
    void inputRecorded() {
        steps++;
    }

    /** A call was recorded without a state; it took the tuner {@code generationNanos}. */
    void stepRecorded(long generationNanos) {
        steps++;
        pendingNanos += generationNanos;
    }

    /** A state was taken with a call; taking and writing it cost {@code costNanos}. */
    void stateSaved(long costNanos) {
        steps++;
        stepsAtState = steps;
        pendingNanos = 0;
        lastStateNanos = Math.max(1, costNanos);
        hasState = true;
        spaceChanged = false;
    }
}
