package dev.tunerd.spi;

/**
 * An optional ability of a {@link Tuner}: it also sees the intermediate results of its trials, as NNI's advisors
 * do (Hyperband ranks a round by the last value a trial reported; ASHA promotes on them). The dispatcher calls it
 * from the assessor path, for every {@code PERIODICAL} metric of a parameter id it issued in this run, whether or not
 * an assessor is configured, before the assessor judges the metric. Customized trials and trials of a previous run
 * are not passed. Results arrive as the manager sends them: possibly out of order, repeated, or after the trial's end.
 *
 * <p>Called under the same one-thread-at-a-time rule as the tuner's other methods (the tuner lock). With a checkpoint,
 * the intermediate results given to such a tuner are journalled and, after a restart, given again (in order with its
 * other inputs) to the tuner restored from its last saved state; a tuner that is not {@link Snapshotting} does not see
 * them again.
 */
public interface ReceivesIntermediateResults {

    void receiveIntermediateResult(IntermediateResult result);
}
