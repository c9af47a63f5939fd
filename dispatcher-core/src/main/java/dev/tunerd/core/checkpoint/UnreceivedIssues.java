package dev.tunerd.core.checkpoint;

import dev.tunerd.core.dispatch.ResumePlan.Unreceived;
import dev.tunerd.protocol.command.ResumedTrial;
import dev.tunerd.spi.ImportedTrial;
import dev.tunerd.spi.json.JsonValue;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Finds the parameter sets a previous run recorded as issued whose {@code TR} never reached the manager. The journal
 * records a set (and forces it) before its {@code TR} is written, so a process killed in between leaves an id the
 * tuner counts as tried and the manager never heard of: GridSearch would skip that grid point forever. An issued id
 * is taken as received when the journal has its result or its trial end, when the resume {@code AD} lists it, or when
 * the resume {@code FD} holds its parameters ({@link JsonEquivalence}); every other one is unreceived. Stateless.
 */
final class UnreceivedIssues {

    private UnreceivedIssues() {
    }

    static List<Unreceived> find(RecoveredState state, List<ImportedTrial> resumeImport, List<ResumedTrial> resumed) {
        Set<Long> known = new HashSet<>();
        state.results().forEach(r -> known.add(r.parameterId()));
        state.endedTrials().forEach(e -> e.parameterId().ifPresent(known::add));
        resumed.forEach(t -> known.add(t.parameterId()));
        List<Unreceived> out = new ArrayList<>();
        for (Map.Entry<Long, JsonValue> issued : state.issuedParameters().entrySet()) {
            if (!known.contains(issued.getKey()) && !imported(issued.getValue(), resumeImport, state)) {
                out.add(new Unreceived(issued.getKey(), issued.getValue()));
            }
        }
        return out;
    }

    private static boolean imported(JsonValue parameters, List<ImportedTrial> resumeImport, RecoveredState state) {
        return resumeImport.stream().anyMatch(t -> JsonEquivalence.same(t.parameter(), parameters))
            || state.importedData().stream().anyMatch(t -> JsonEquivalence.same(t.parameter(), parameters));
    }
}
