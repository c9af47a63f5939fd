package dev.tunerd.core.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tunerd.protocol.Command;
import dev.tunerd.protocol.CommandType;
import dev.tunerd.protocol.command.ResumedTrial;
import dev.tunerd.spi.ImportedTrial;
import dev.tunerd.spi.Snapshotting;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What the dispatcher does for a checkpoint: the tuner's state travels with the sets it generated (one observer call,
 * before any TR), and a {@link ResumePlan} restores the tuner after the first IN, filters the first FD and has
 * unreceived sets sent again at AD.
 */
class ResumeAndSnapshotTest {

    private final List<String> events = new ArrayList<>();
    private final RecordingSink sink = new RecordingSink(events);
    private final CountingTuner tuner = new CountingTuner();

    private final DispatchObserver observer = new DispatchObserver() {
        @Override
        public boolean wantsTunerState() {
            return true;
        }

        @Override
        public void parameterSetsIssued(List<Long> ids, List<JsonValue> sets, TunerStep step) {
            synchronized (events) {
                events.add("issued " + ids + " state " + step.state().map(Object::toString).orElse("-"));
            }
        }
    };

    private static void send(MsgDispatcher d, CommandType type, String content) {
        Routed.send(d, type, content); // as the reader routes it
    }

    @Test
    void theTunerStateIsObservedWithItsSetsBeforeAnyTrialIsSent() {
        MsgDispatcher d = new MsgDispatcher(tuner, null, new DispatchState(observer, sink), false);
        send(d, CommandType.REQUEST_TRIAL_JOBS, "2");
        assertEquals(List.of("issued [0, 1] state 2", "send TR", "send TR"), events);
    }

    @Test
    void aResumePlanRestoresAfterTheFirstInFiltersTheFirstImportAndResendsAtAd() {
        List<String> plan = new ArrayList<>();
        DispatchState state = new DispatchState(DispatchObserver.NONE, sink);
        state.planResume(new ResumePlan() {
            @Override
            public void restoreTuner(Tuner t) {
                plan.add("restore after " + ((CountingTuner) t).spaces + " space(s)");
            }

            @Override
            public List<ImportedTrial> freshImports(List<ImportedTrial> trials) {
                return trials.subList(1, trials.size());
            }

            @Override
            public List<Unreceived> unreceived(List<ResumedTrial> resumed) {
                return List.of(new Unreceived(3, JsonObject.builder().put("x", 3).build()));
            }
        });
        MsgDispatcher d = new MsgDispatcher(tuner, null, state, false);
        send(d, CommandType.INITIALIZE, "{}");
        send(d, CommandType.UPDATE_SEARCH_SPACE, "{}");
        send(d, CommandType.IMPORT_DATA, "[{\"parameter\": {\"x\": 1}, \"value\": 1}, {\"parameter\": {\"x\": 2},"
            + " \"value\": 2}]");
        send(d, CommandType.ADD_CUSTOMIZED_TRIAL_JOB, "[]");
        assertEquals(List.of("restore after 1 space(s)"), plan);
        assertEquals(1, tuner.imported);
        assertEquals(new Command(CommandType.NEW_TRIAL_JOB, "{\"parameter_id\": 3, \"parameter_source\": \"algorithm\","
            + " \"parameters\": {\"x\": 3}, \"parameter_index\": 0}"), sink.sent().get(1));
    }

    /**
     * Between two due states a journal replays GE calls, which needs every input the tuner had: a tuner that reads
     * intermediate results (an advisor naming wire ids) follows the observer's interval like any other, and its
     * intermediate results are observed (under the tuner lock) so that a journal can replay them; another tuner's are
     * not, so a run without such a tuner pays nothing for them.
     */
    @Test
    void aTunerThatReadsIntermediateResultsFollowsTheIntervalAndHasThemObserved() {
        class DueOnlyOnce implements DispatchObserver {
            private boolean asked;

            @Override
            public boolean wantsTunerState() {
                boolean due = !asked;
                asked = true;
                return due;
            }

            @Override
            public void parameterSetsIssued(List<Long> ids, List<JsonValue> sets, TunerStep step) {
                synchronized (events) {
                    events.add("issued " + ids + " state " + step.state().map(Object::toString).orElse("-"));
                }
            }

            @Override
            public void intermediateResultReceived(long parameterId, String trialJobId, int sequence,
                                                   JsonValue value) {
                synchronized (events) {
                    events.add("intermediate " + parameterId + " " + trialJobId + " #" + sequence + " = " + value);
                }
            }
        }
        String metric = "{\"parameter_id\": 0, \"trial_job_id\": \"T0\", \"type\": \"PERIODICAL\", \"sequence\": 2,"
            + " \"value\": \"0.5\"}";
        MsgDispatcher plain = new MsgDispatcher(new CountingTuner(), null, new DispatchState(new DueOnlyOnce(), sink),
            false);
        send(plain, CommandType.REQUEST_TRIAL_JOBS, "1");
        send(plain, CommandType.REPORT_METRIC_DATA, metric);
        send(plain, CommandType.REQUEST_TRIAL_JOBS, "1");
        MsgDispatcher reading = new MsgDispatcher(new IntermediateReadingTuner(), null,
            new DispatchState(new DueOnlyOnce(), sink), false);
        send(reading, CommandType.REQUEST_TRIAL_JOBS, "1");
        send(reading, CommandType.REPORT_METRIC_DATA, metric);
        send(reading, CommandType.REQUEST_TRIAL_JOBS, "1");
        assertEquals(List.of("issued [0] state 1", "send TR", "issued [1] state -", "send TR",
            "issued [0] state 1", "send TR", "intermediate 0 T0 #2 = 0.5", "issued [1] state -", "send TR"), events);
    }

    /** A {@link CountingTuner} that also reads intermediate results (as the advisors do). */
    private static final class IntermediateReadingTuner implements Tuner, Snapshotting,
        dev.tunerd.spi.ReceivesIntermediateResults {
        private final CountingTuner counting = new CountingTuner();

        @Override
        public void updateSearchSpace(JsonObject searchSpace) {
            counting.updateSearchSpace(searchSpace);
        }

        @Override
        public JsonValue generateParameters(long parameterId) {
            return counting.generateParameters(parameterId);
        }

        @Override
        public void receiveTrialResult(TrialResult result) {
        }

        @Override
        public void receiveIntermediateResult(dev.tunerd.spi.IntermediateResult result) {
        }

        @Override
        public JsonValue snapshot() {
            return counting.snapshot();
        }

        @Override
        public void restore(JsonValue state) {
            counting.restore(state);
        }
    }

    /** Generates {"x": id}; its state is how many sets it generated. */
    private static final class CountingTuner implements Tuner, Snapshotting {
        int generated;
        int spaces;
        int imported;

        @Override
        public void updateSearchSpace(JsonObject searchSpace) {
            spaces++;
        }

        @Override
        public JsonValue generateParameters(long parameterId) {
            generated++;
            return JsonObject.builder().put("x", parameterId).build();
        }

        @Override
        public void receiveTrialResult(TrialResult result) {
        }

        @Override
        public void importData(List<ImportedTrial> trials) {
            imported += trials.size();
        }

        @Override
        public JsonValue snapshot() {
            return JsonInt.of(generated);
        }

        @Override
        public void restore(JsonValue state) {
            generated = (int) ((JsonInt) state).value();
        }
    }
}
