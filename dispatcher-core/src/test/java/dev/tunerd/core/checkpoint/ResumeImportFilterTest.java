package dev.tunerd.core.checkpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tunerd.spi.ImportedTrial;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ResumeImportFilterTest {
    private static final JsonObject P0 = JsonObject.builder().put("x", 1.0).put("y", "a").build();
    private static final JsonObject P1 = JsonObject.builder().put("x", 2.0).put("y", "b").build();
    private static final JsonObject USER = JsonObject.builder().put("x", 7.5).put("y", "c").build();

    private final RecoveredState state = state();

    @Test
    void entriesWithAKnownTrialIdAreHeld() {
        ResumeImportFilter.Split s = new ResumeImportFilter(state).split(List.of(
            entry(P0, JsonFloat.of(0.5), "A"), entry(P1, JsonFloat.of(0.9), "B"), entry(P1, JsonFloat.of(0.8), "Z")));
        assertEquals(List.of("A", "B"), ids(s.alreadyHeld()));
        assertEquals(List.of("Z"), ids(s.fresh()));
    }

    @Test
    void entriesWithoutTrialIdMatchParametersAndValueRegardlessOfKeyOrderAndIntVersusFloat() {
        JsonObject reordered = JsonObject.builder().put("y", "c").put("x", 7.5).build();
        JsonObject again = JsonObject.builder().put("x", 7.5).put("y", "c").build();
        ResumeImportFilter.Split s = new ResumeImportFilter(state).split(List.of(
            entry(reordered, JsonInt.of(1), null), entry(again, JsonFloat.of(1.0), null),
            entry(USER, JsonFloat.of(2.0), null)));
        assertEquals(1, s.alreadyHeld().size(), "the journal holds the user's point once, so it matches once");
        assertEquals(2, s.fresh().size());
    }

    @Test
    void aTrialIdNeverMatchesAnEntryWithADifferentTrialId() {
        ResumeImportFilter.Split s = new ResumeImportFilter(state).split(List.of(entry(P0, JsonFloat.of(0.5), "Q")));
        assertEquals(List.of("Q"), ids(s.fresh()));
    }

    @Test
    void aResultWithoutTrialIdInTheJournalMatchesByParametersAndValue() {
        StateAccumulator acc = new StateAccumulator(RecoveredState.empty());
        acc.apply(RecordType.PARAMETERS_ISSUED, StateCodec.parametersIssued(0, P0));
        acc.apply(RecordType.FINAL_RESULT, StateCodec.finalResult(0, Optional.empty(),
            JsonObject.builder().put("default", 0.5).build()));
        ResumeImportFilter.Split s = new ResumeImportFilter(acc.toState(List.of())).split(List.of(
            entry(P0, JsonObject.builder().put("default", 0.5).build(), "A")));
        assertEquals(1, s.alreadyHeld().size());
    }

    /** Found by SoakIT: a resume after 70,000 trials spent more than the manager's patience on this split. */
    @Test
    void aLargeResumeImportIsSplitInLinearTime() {
        int n = 100_000;
        StateAccumulator acc = new StateAccumulator(RecoveredState.empty());
        List<ImportedTrial> fd = new java.util.ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            JsonObject p = JsonObject.builder().put("x", i).build();
            acc.apply(RecordType.PARAMETERS_ISSUED, StateCodec.parametersIssued(i, p));
            acc.apply(RecordType.FINAL_RESULT, StateCodec.finalResult(i, Optional.of("T" + i), JsonFloat.of(i)));
            fd.add(entry(p, JsonFloat.of(i), "T" + i));
        }
        fd.add(entry(P0, JsonFloat.of(0.5), "fresh"));
        ResumeImportFilter filter = new ResumeImportFilter(acc.toState(List.of()));
        ResumeImportFilter.Split s = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
            java.time.Duration.ofSeconds(10), () -> filter.split(fd)); // quadratic: 5e9 steps, minutes here
        assertEquals(n, s.alreadyHeld().size());
        assertEquals(List.of("fresh"), ids(s.fresh()));
    }

    private static RecoveredState state() {
        StateAccumulator acc = new StateAccumulator(RecoveredState.empty());
        acc.apply(RecordType.PARAMETERS_ISSUED, StateCodec.parametersIssued(0, P0));
        acc.apply(RecordType.PARAMETERS_ISSUED, StateCodec.parametersIssued(1, P1));
        acc.apply(RecordType.FINAL_RESULT, StateCodec.finalResult(0, Optional.of("A"), JsonFloat.of(0.5)));
        acc.apply(RecordType.FINAL_RESULT, StateCodec.finalResult(1, Optional.of("B"), JsonFloat.of(0.9)));
        acc.apply(RecordType.DATA_IMPORTED, StateCodec.dataImported(List.of(
            new ImportedTrial(USER, JsonFloat.of(1.0), Optional.empty()))));
        return acc.toState(List.of());
    }

    private static ImportedTrial entry(JsonObject p, JsonValue v, String trial) {
        return new ImportedTrial(p, v, Optional.ofNullable(trial));
    }

    private static List<String> ids(List<ImportedTrial> l) {
        return l.stream().map(t -> t.trialJobId().orElse("-")).toList();
    }

}
