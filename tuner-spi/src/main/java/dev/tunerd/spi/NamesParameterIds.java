package dev.tunerd.spi;

import java.util.Collection;

/**
 * An optional ability of a {@link Tuner}: it names the wire {@code parameter_id} of every set it issues, as NNI's
 * advisors do (Hyperband's {@code "0-1_0_3"}: bracket, round, configuration). The dispatcher keeps its own unique
 * {@code long} id per issued set (what the tuner's other methods receive, what the checkpoint journal records) and
 * translates: {@code TR} carries the name, and the name in a trial's {@code ME} and {@code EN} is mapped back to the
 * internal id before the tuner is called. A name the dispatcher does not know is logged and ignored, never a crash.
 *
 * <p>Protocol shape, as NNI's advisors: {@code TR} without {@code parameter_index}; {@code NO} carries
 * {@link #noMoreTrialsParameterId()}. Names must be unique for the whole experiment, across restarts: issuing a name
 * twice is a tuner failure ({@code ER}). On a resume without a usable checkpoint the names the manager still holds
 * are given to {@link #wireIdsInUse}, so a fresh instance can continue its counters past them, and the bound the
 * previous runs recorded ({@link #nameCounterBound}) to {@link #continueNamesFrom}, so it continues past the names of
 * finished trials too, which the manager's resume {@code FD} does not carry.
 *
 * <p>Resume from the checkpoint: when the tuner also implements {@link Snapshotting} and its saved state was
 * restored, results and ends of the previous run's trials reach it as results and ends (it knows them), not as
 * imported data.
 *
 * <p>Called under the same one-thread-at-a-time rule as the tuner's other methods.
 */
public interface NamesParameterIds {

    /**
     * The wire id of the set this tuner has just produced for {@code parameterId} (returned from
     * {@link Tuner#generateMultipleParameters} or sent through {@link ParameterSender}). Must be a non-empty string
     * never returned before.
     */
    String wireParameterId(long parameterId);

    /** The {@code parameter_id} written in a {@code NO}; NNI's advisors write {@code "-1_0_0"}. */
    default String noMoreTrialsParameterId() {
        return "-1_0_0";
    }

    /**
     * Names of trials a previous run issued that the manager re-submits ({@code AD} on a resume that has no usable
     * checkpoint of this tuner): none of them may be issued again.
     */
    default void wireIdsInUse(Collection<String> wireIds) {
    }

    /**
     * A number above the counter of every name this tuner issued so far (0 before the first), or -1 when its names
     * carry no counter. The dispatcher records it (with its own id counter) in the log directory before each
     * {@code TR} leaves, so that a later run of the experiment that has no checkpoint can give it to
     * {@link #continueNamesFrom}.
     */
    default long nameCounterBound() {
        return -1;
    }

    /**
     * A resume without this tuner's saved state: every name a previous run of the experiment issued had its counter
     * below {@code bound} (what {@link #nameCounterBound} said then), so every name issued from now on must carry a
     * counter of at least {@code bound}. Called once, before the first {@code IN}; {@code bound} is between 1 and
     * 2^30 (the dispatcher ignores a larger record), so counters from it do not overflow an {@code int}.
     */
    default void continueNamesFrom(long bound) {
    }
}
