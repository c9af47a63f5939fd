package dev.tunerd.core.checkpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.core.dispatch.DispatchObserver;
import dev.tunerd.core.dispatch.DispatchState;
import dev.tunerd.core.dispatch.MsgDispatcher;
import dev.tunerd.core.dispatch.TunerStep;
import dev.tunerd.protocol.CommandType;
import dev.tunerd.spi.ImportedTrial;
import dev.tunerd.spi.IntermediateResult;
import dev.tunerd.spi.ReceivesIntermediateResults;
import dev.tunerd.spi.Snapshotting;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import dev.tunerd.spi.json.JsonValue;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tuner that reads intermediate results (the advisors: Hyperband, BOHB, ASHA) through the real dispatcher and
 * journal: its state follows the doubling interval like every tuner's (it was taken after every call while intermediate
 * results were not journalled), and a tuner restored from the last state and given the journalled inputs again ends
 * up with exactly the inputs, in the same order, that the killed one had.
 */
class AdvisorReplayTest {
    @TempDir
    Path dir;

    /** Remembers every input in order; its state is that list; generates {"n": inputs so far}. */
    static final class InputLog implements Tuner, Snapshotting, ReceivesIntermediateResults {
        final List<String> inputs = new ArrayList<>();
        boolean finished;

        @Override
        public void updateSearchSpace(JsonObject searchSpace) {
        }

        @Override
        public JsonValue generateParameters(long parameterId) {
            inputs.add("generate " + parameterId);
            return JsonObject.builder().put("n", inputs.size()).build();
        }

        @Override
        public void receiveTrialResult(TrialResult result) {
            inputs.add("result " + result.parameterId() + " " + result.scalar());
        }

        @Override
        public void receiveIntermediateResult(IntermediateResult result) {
            inputs.add("intermediate " + result.parameterId() + " #" + result.sequence() + " " + result.scalar());
        }

        @Override
        public void trialEnd(long parameterId, boolean success) {
            inputs.add("end " + parameterId + " " + success);
        }

        @Override
        public void importData(List<ImportedTrial> trials) {
            inputs.add("import " + trials.size());
        }

        @Override
        public JsonValue snapshot() {
            return new JsonArray(inputs.stream().<JsonValue>map(JsonString::of).toList());
        }

        @Override
        public void restore(JsonValue state) {
            inputs.clear();
            ((JsonArray) state).values().forEach(v -> inputs.add(((JsonString) v).value()));
        }

        @Override
        public void restoreFinished() {
            finished = true;
        }
    }

    /** Counts the tuner states the dispatcher hands to the recorder. */
    private static final class CountingStates implements DispatchObserver {
        private final CheckpointRecorder recorder;
        final AtomicInteger states = new AtomicInteger();

        CountingStates(CheckpointRecorder recorder) {
            this.recorder = recorder;
        }

        @Override
        public void searchSpaceUpdated(JsonObject space) {
            recorder.searchSpaceUpdated(space);
        }

        @Override
        public void idsReserved(long next) {
            recorder.idsReserved(next);
        }

        @Override
        public void parameterSetsIssued(List<Long> ids, List<JsonValue> sets, TunerStep step) {
            step.state().ifPresent(s -> states.incrementAndGet());
            recorder.parameterSetsIssued(ids, sets, step);
        }

        @Override
        public void intermediateResultReceived(long parameterId, String trialJobId, int sequence, JsonValue value) {
            recorder.intermediateResultReceived(parameterId, trialJobId, sequence, value);
        }

        @Override
        public void finalResultReceived(long parameterId, String trialJobIdOrNull, JsonValue value) {
            recorder.finalResultReceived(parameterId, trialJobIdOrNull, value);
        }

        @Override
        public void trialEnded(String trialJobId, Long parameterIdOrNull, String event) {
            recorder.trialEnded(trialJobId, parameterIdOrNull, event);
        }

        @Override
        public void dataImported(List<ImportedTrial> trials) {
            recorder.dataImported(trials);
        }

        @Override
        public boolean wantsTunerState() {
            return recorder.wantsTunerState();
        }

        @Override
        public void tunerStateSaved(JsonValue state) {
            states.incrementAndGet();
            recorder.tunerStateSaved(state);
        }
    }

    private static void send(MsgDispatcher d, CommandType type, String content) {
        dev.tunerd.core.dispatch.Routed.send(d, type, content); // as the reader routes it
    }

    private static String metric(long id, String type, int sequence, double value) {
        return "{\"parameter_id\": " + id + ", \"trial_job_id\": \"T" + id + "\", \"type\": \"" + type + "\","
            + " \"sequence\": " + sequence + ", \"value\": \"" + value + "\"}";
    }

    private static String end(long id) {
        return "{\"trial_job_id\": \"T" + id + "\", \"event\": \"SUCCEEDED\", \"hyper_params\": \"{\\\"parameter_id\\\": "
            + id + ", \\\"parameter_source\\\": \\\"algorithm\\\", \\\"parameters\\\": {}}\"}";
    }

    /**
     * Two trials in flight: each GE asks for one, then both running trials report intermediate results, the older one
     * its final result and its end; an import comes in the middle.
     */
    private static void run(MsgDispatcher d, int trials) {
        send(d, CommandType.INITIALIZE, "{}");
        for (int i = 0; i < trials; i++) {
            send(d, CommandType.REQUEST_TRIAL_JOBS, "1");
            for (int k = 0; k < 3; k++) {
                send(d, CommandType.REPORT_METRIC_DATA, metric(i, "PERIODICAL", k, i + k / 10.0));
                if (i > 0) {
                    send(d, CommandType.REPORT_METRIC_DATA, metric(i - 1, "PERIODICAL", 3 + k, i - 1 + k / 7.0));
                }
            }
            if (i > 0) {
                send(d, CommandType.REPORT_METRIC_DATA, metric(i - 1, "FINAL", 0, i * 0.5));
                send(d, CommandType.TRIAL_END, end(i - 1));
            }
            if (i == trials / 2) {
                send(d, CommandType.IMPORT_DATA, "[{\"parameter\": {\"n\": -1}, \"value\": 0.25}]");
            }
        }
    }

    private CheckpointSettings settings(long rolloverBytes) {
        return ScriptedExperiment.settings(dir, CheckpointMode.REQUIRED).withRolloverBytes(rolloverBytes);
    }

    @Test
    void anAdvisorsStateFollowsTheDoublingIntervalInsteadOfEveryCall() {
        InputLog live = new InputLog();
        try (CheckpointRecorder r = CheckpointRecorder.open(settings(CheckpointSettings.DEFAULT_ROLLOVER_BYTES),
            RecoveredState.empty(), ExistingFiles.SET_ASIDE)) {
            CountingStates counting = new CountingStates(r);
            run(new MsgDispatcher(live, null, new DispatchState(counting, c -> { }), false), 400);
            // 400 GEs and about 2,400 intermediate results: a doubling interval takes about log2(2,800) + 1 states
            assertTrue(counting.states.get() <= 16, counting.states.get() + " tuner states for 400 calls");
            assertTrue(counting.states.get() >= 2, counting.states.get() + " tuner states");
        }
        assertEquals(400 * 4 + 399 * 5 + 1, live.inputs.size(), "the run fed the tuner what the test meant");
    }

    @Test
    void aRestoredAdvisorHasExactlyTheInputsOfTheKilledOneWhateverTheKillPoint() {
        for (int trials : new int[] {1, 2, 5, 13, 40, 97}) {
            for (long rollover : new long[] {CheckpointSettings.DEFAULT_ROLLOVER_BYTES, 1_500}) {
                InputLog live = new InputLog();
                try (CheckpointRecorder r = CheckpointRecorder.open(settings(rollover), RecoveredState.empty(),
                    ExistingFiles.SET_ASIDE)) {
                    run(new MsgDispatcher(live, null, new DispatchState(r, c -> { }), false), trials);
                    // killed here: what the journal holds is read while the recorder still has it open
                    RecoveredState recovered = CheckpointReader.read(dir);
                    InputLog restored = new InputLog();
                    new JournalResumePlan(recovered).restoreTuner(restored);
                    assertEquals(live.inputs, restored.inputs, trials + " trials, rollover " + rollover);
                    assertTrue(restored.finished, "restoreFinished is called after the replay");
                    if (trials > 5) {
                        assertTrue(recovered.algorithmSnapshot(AlgorithmRole.TUNER).orElseThrow().events().stream()
                            .anyMatch(TunerEvent.Intermediate.class::isInstance), "intermediate results replayed");
                    }
                }
            }
        }
    }

    @Test
    void aResumedRecorderFoldsThePendingInputsIntoItsSnapshotAndTheReplayStaysExact() {
        InputLog live = new InputLog();
        try (CheckpointRecorder r = CheckpointRecorder.open(settings(CheckpointSettings.DEFAULT_ROLLOVER_BYTES),
            RecoveredState.empty(), ExistingFiles.SET_ASIDE)) {
            run(new MsgDispatcher(live, null, new DispatchState(r, c -> { }), false), 23);
        }
        RecoveredState first = CheckpointReader.read(dir);
        // a resume writes the recovered state (with the inputs after the tuner state) into snapshot.bin
        CheckpointRecorder.open(settings(CheckpointSettings.DEFAULT_ROLLOVER_BYTES), first, ExistingFiles.SUPERSEDE)
            .close();
        RecoveredState again = CheckpointReader.read(dir);
        assertEquals(first.algorithmSnapshot(AlgorithmRole.TUNER).orElseThrow().events(),
            again.algorithmSnapshot(AlgorithmRole.TUNER).orElseThrow().events());
        InputLog restored = new InputLog();
        new JournalResumePlan(again).restoreTuner(restored);
        assertEquals(live.inputs, restored.inputs);
    }
}
