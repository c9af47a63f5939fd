package dev.tunerd.core.checkpoint;

import dev.tunerd.core.dispatch.ParameterLedger;
import java.util.HashSet;
import java.util.Set;

/**
 * Puts what a journal holds into a fresh dispatcher's {@link ParameterLedger}: the id counter continues at
 * {@code nextId}, every id below it counts as a previous run's (spec 4.7: its final result is imported, its trial end
 * ignored), issued ids keep their parameters, and ids whose result or end the journal holds are marked so that a
 * re-sent result is not delivered twice. Stateless.
 */
public final class JournalLedger {

    private JournalLedger() {
    }

    /**
     * @param nextId the first id this run may issue: at least {@link RecoveredState#nextParameterId()}, or the
     *               {@link CheckpointStartup#minimumNextParameterId()} of a fallback
     */
    public static void restore(ParameterLedger ledger, RecoveredState state, long nextId) {
        if (nextId < state.nextParameterId()) {
            throw new IllegalArgumentException("next id " + nextId + " is below the journal's "
                + state.nextParameterId());
        }
        Set<Long> finals = new HashSet<>();
        state.results().forEach(r -> finals.add(r.parameterId()));
        Set<Long> ended = new HashSet<>();
        state.endedTrials().forEach(e -> e.parameterId().ifPresent(ended::add));
        ledger.restore(new ParameterLedger.Snapshot(nextId, nextId - 1, state.issuedParameters(), finals, ended,
            state.wireIds()));
    }
}
