package dev.tunerd.core.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.core.checkpoint.JournalResumePlan;
import dev.tunerd.core.checkpoint.RecoveredState;
import dev.tunerd.protocol.CommandType;
import dev.tunerd.spi.NamesParameterIds;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A resume without a checkpoint continues ids and names past the record of the previous runs; a fresh start, a
 * resume from a checkpoint and a resume without a record do as before (NNI: max(AD)+1, 1 after {@code AD []}).
 */
class PreviousRunIdsTest {
    @TempDir
    Path dir;

    private final RecordingSink sink = new RecordingSink();

    /** Names its sets {@code "c<counter>"}, as the advisors do with their counters. */
    private static final class NamingTuner extends ScriptedTuner implements NamesParameterIds {
        final List<Long> floors = new ArrayList<>();
        final java.util.Map<Long, Integer> counters = new java.util.HashMap<>();
        int counter;

        NamingTuner() {
            super(100);
        }

        @Override
        public dev.tunerd.spi.json.JsonValue generateParameters(long parameterId)
            throws dev.tunerd.spi.NoMoreTrialsException {
            counters.put(parameterId, counter++);
            return super.generateParameters(parameterId);
        }

        @Override
        public String wireParameterId(long parameterId) {
            return "c" + counters.get(parameterId);
        }

        @Override
        public long nameCounterBound() {
            return counter;
        }

        @Override
        public void continueNamesFrom(long bound) {
            floors.add(bound);
            counter = (int) Math.max(counter, bound);
        }
    }

    private void record(long bound) throws Exception {
        Files.writeString(dir.resolve(IssuedIdsRecord.FILE), String.format("%020d%n", bound), StandardCharsets.US_ASCII);
    }

    /** The record's value (its largest whole line, session 34), as 20 digits. */
    private String recorded() throws Exception {
        long max = IssuedIdsLines.parse(Files.readString(dir.resolve(IssuedIdsRecord.FILE)), false).max();
        return String.format(java.util.Locale.ROOT, "%020d", max);
    }

    @Test
    void aResumeWithoutACheckpointStartsIdsPastTheRecordAndTreatsLowerOnesAsThePreviousRuns() throws Exception {
        record(9);
        DispatchState state = new DispatchState(DispatchObserver.NONE, sink);
        ScriptedTuner tuner = new ScriptedTuner(100);
        try (IssuedIdsRecord r = PreviousRunIds.continueRecord(state, tuner, Optional.of(dir), true)) {
            assertEquals(dir.resolve(IssuedIdsRecord.FILE), r.file());
            MsgDispatcher d = new MsgDispatcher(tuner, null, state, false);
            Routed.send(d, CommandType.IMPORT_DATA, "[]");
            Routed.send(d, CommandType.ADD_CUSTOMIZED_TRIAL_JOB, "[]");
            Routed.send(d, CommandType.REQUEST_TRIAL_JOBS, "2");
            assertEquals(List.of("import 0", "generate 9", "generate 10"), tuner.calls);
            assertTrue(sink.contents(CommandType.NEW_TRIAL_JOB).get(0).startsWith("{\"parameter_id\": 9,"),
                sink.contents(CommandType.NEW_TRIAL_JOB).toString());
            assertEquals("00000000000000000064", recorded(), "recorded (rounded up to 64) before the TRs left");
            // a late FINAL of the previous run's trial 3 is not taken as a new trial's
            Routed.send(d, CommandType.REPORT_METRIC_DATA, "{\"parameter_id\": 3, \"trial_job_id\": \"old\","
                + " \"type\": \"FINAL\", \"sequence\": 0, \"value\": \"0.5\"}");
            Routed.send(d, CommandType.REPORT_METRIC_DATA, "{\"parameter_id\": 9, \"trial_job_id\": \"new\","
                + " \"type\": \"FINAL\", \"sequence\": 0, \"value\": \"0.7\"}");
            assertEquals(1, tuner.results.size());
            assertEquals(9, tuner.results.get(0).parameterId());
        }
    }

    @Test
    void aTunerThatNamesItsIdsContinuesItsCountersPastTheRecord() throws Exception {
        record(40);
        DispatchState state = new DispatchState(DispatchObserver.NONE, sink);
        NamingTuner tuner = new NamingTuner();
        try (IssuedIdsRecord r = PreviousRunIds.continueRecord(state, tuner, Optional.of(dir), true)) {
            assertEquals(dir.resolve(IssuedIdsRecord.FILE), r.file());
            assertEquals(List.of(40L), tuner.floors);
            MsgDispatcher d = new MsgDispatcher(tuner, null, state, false);
            Routed.send(d, CommandType.REQUEST_TRIAL_JOBS, "2");
            List<String> trs = sink.contents(CommandType.NEW_TRIAL_JOB);
            assertTrue(trs.get(0).startsWith("{\"parameter_id\": \"c40\"") && trs.get(1).contains("\"c41\""), trs.toString());
            assertEquals("00000000000000000064", recorded(), "42 rounded up to 64");
        }
    }

    @Test
    void aFreshStartOrACheckpointResumeKeepsItsIdsAndOnlyRecords() throws Exception {
        record(50);
        for (boolean checkpoint : List.of(false, true)) {
            DispatchState state = new DispatchState(DispatchObserver.NONE, sink);
            if (checkpoint) {
                state.planResume(new JournalResumePlan(RecoveredState.empty())); // what a checkpoint resume sets
            }
            NamingTuner tuner = new NamingTuner();
            try (IssuedIdsRecord r = PreviousRunIds.continueRecord(state, tuner, Optional.of(dir), checkpoint)) {
                assertEquals(dir.resolve(IssuedIdsRecord.FILE), r.file());
                assertEquals(List.of(), tuner.floors);
                assertEquals(0, state.ledger().nextId());
                assertEquals(-1, state.ledger().recoveredMaxId());
            }
        }
        assertEquals("00000000000000000050", recorded());
    }

    @Test
    void aResumeWithoutARecordIsNnisAfterAdEmpty() {
        DispatchState state = new DispatchState(DispatchObserver.NONE, sink);
        ScriptedTuner tuner = new ScriptedTuner(100);
        assertNull(PreviousRunIds.continueRecord(state, tuner, Optional.empty(), true));
        MsgDispatcher d = new MsgDispatcher(tuner, null, state, false);
        Routed.send(d, CommandType.ADD_CUSTOMIZED_TRIAL_JOB, "[]");
        Routed.send(d, CommandType.REQUEST_TRIAL_JOBS, "1");
        assertTrue(sink.contents(CommandType.NEW_TRIAL_JOB).get(0).startsWith("{\"parameter_id\": 1,"));
    }
}
