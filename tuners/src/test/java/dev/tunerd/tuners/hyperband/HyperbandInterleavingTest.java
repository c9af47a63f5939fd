package dev.tunerd.tuners.hyperband;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.IntermediateResult;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.time.Clock;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The payoff check decides the same brackets whatever the order in which the daemon's two queues hand the same
 * protocol stream to the tuner (issue 13 session 8). The daemon reads the manager's commands in order and puts
 * intermediate results on the assessor's queue, requests, final results and ends on the tuner's; two worker threads
 * drain them. Here a manager with {@code workers} workers runs trials in virtual time (one epoch a step, results
 * every epoch, then FINAL, EN and a new request), and a scheduler delivers the two queues in an order drawn from a
 * seed, with the assessor's queue at most {@code lag} results behind the tuner's.
 */
class HyperbandInterleavingTest {
    private static final JsonObject SPACE =
        (JsonObject) Json.parse("{\"x\": {\"_type\": \"uniform\", \"_value\": [0, 1]}}");
    private static final int R = 9;

    /** A command of the stream: a request (worker), an intermediate result, a final result or an end. */
    private record Event(char kind, int worker, long id, int sequence, double value) {
    }

    /** Value of configuration {@code x} after {@code epoch} epochs (maximised): curves that do not cross. */
    private static double curve(double x, int epoch) {
        double quality = x + 0.15 * Math.sin(37 * x); // a bumpy ranking, the same at every budget
        return quality * (1 - 0.6 / epoch);
    }

    /** The wire ids the tuner issued, in id order, when the queues are delivered as {@code interleaving} says. */
    private static List<String> run(int workers, long interleaving, int lag, int trials, int restoreAfter) {
        return run(R, workers, interleaving, lag, trials, restoreAfter);
    }

    /** As above with largest budget {@code r}. */
    private static List<String> run(int r, int workers, long interleaving, int lag, int trials, int restoreAfter) {
        Map<Long, JsonValue> paid = new HashMap<>();
        AlgorithmContext ctx = new AlgorithmContext(paid::put, Optional.empty(), Clock.systemUTC());
        HyperbandTuner tuner = newTuner(ctx, r);
        Random order = new Random(interleaving);
        ArrayDeque<Event> tunerQueue = new ArrayDeque<>();
        ArrayDeque<Event> assessorQueue = new ArrayDeque<>();
        long[] running = new long[workers]; // id, -1 when idle (a request may be outstanding)
        int[] epoch = new int[workers];
        int[] budget = new int[workers];
        double[] x = new double[workers];
        long[] waitingFor = new long[workers]; // id requested and not answered yet, else -1
        java.util.Arrays.fill(running, -1);
        java.util.Arrays.fill(waitingFor, -1);
        List<String> wireIds = new ArrayList<>();
        long nextId = 0;
        for (int w = 0; w < workers; w++) {
            tunerQueue.add(new Event('G', w, nextId++, 0, 0));
        }
        int issued = 0;
        int ended = 0;
        while (ended < trials) {
            // paid requests start their trials (the manager reads NEW_TRIAL_JOB whenever the tuner sends it)
            for (int w = 0; w < workers; w++) {
                JsonValue p = waitingFor[w] >= 0 ? paid.remove(waitingFor[w]) : null;
                if (p != null) {
                    start(w, waitingFor[w], p, running, epoch, budget, x, wireIds, tuner);
                    waitingFor[w] = -1;
                    issued++;
                }
            }
            boolean managerMay = issued < trials || anyRunning(running);
            for (long wf : waitingFor) {
                managerMay &= wf < 0; // virtual time stands still while a request is unanswered
            }
            for (Event e : tunerQueue) {
                managerMay &= e.kind() != 'G';
            }
            int choice = order.nextInt(3);
            if (assessorQueue.size() > lag) {
                choice = 1;
            }
            if (choice == 0 && !tunerQueue.isEmpty()) {
                Event e = tunerQueue.poll();
                if (e.kind() == 'G') {
                    List<JsonValue> out = tuner.generateMultipleParameters(List.of(e.id()));
                    if (out.isEmpty()) {
                        waitingFor[e.worker()] = e.id();
                    } else {
                        start(e.worker(), e.id(), out.get(0), running, epoch, budget, x, wireIds, tuner);
                        issued++;
                    }
                } else if (e.kind() == 'F') {
                    tuner.receiveTrialResult(new TrialResult(e.id(), JsonObject.EMPTY, JsonFloat.of(e.value()), false,
                        Optional.empty()));
                } else {
                    tuner.trialEnd(e.id(), true);
                    ended++;
                }
            } else if (choice == 1 && !assessorQueue.isEmpty()) {
                Event e = assessorQueue.poll();
                tuner.receiveIntermediateResult(new IntermediateResult(e.id(), "T" + e.id(), e.sequence(),
                    JsonFloat.of(e.value())));
            } else if (choice == 2 && managerMay) { // the next epoch of every running trial, in worker order
                for (int w = 0; w < workers; w++) {
                    if (running[w] < 0) {
                        continue;
                    }
                    epoch[w]++;
                    double v = curve(x[w], epoch[w]);
                    assessorQueue.add(new Event('M', w, running[w], epoch[w] - 1, v));
                    if (epoch[w] == budget[w]) {
                        tunerQueue.add(new Event('F', w, running[w], 0, v));
                        tunerQueue.add(new Event('E', w, running[w], 0, 0));
                        running[w] = -1;
                        if (nextId < trials) {
                            tunerQueue.add(new Event('G', w, nextId++, 0, 0));
                        }
                    }
                }
            } else if (tunerQueue.isEmpty() && assessorQueue.isEmpty() && !managerMay) {
                throw new AssertionError("stalled after " + ended + " trials: " + wireIds);
            }
            if (restoreAfter >= 0 && ended >= restoreAfter && waits(tuner)) { // a restart while values are awaited
                HyperbandTuner restored = newTuner(ctx, r);
                restored.restore(Json.parse(Json.writeAllowingNonFinite(tuner.snapshot())));
                assertEquals(tuner.snapshot(), restored.snapshot());
                tuner = restored;
                restoreAfter = -1;
            }
        }
        return wireIds;
    }

    private static HyperbandTuner newTuner(AlgorithmContext ctx) {
        return newTuner(ctx, R);
    }

    private static HyperbandTuner newTuner(AlgorithmContext ctx, int r) {
        HyperbandTuner t = new HyperbandTuner(new HyperbandArgs("maximize", r, 3, null, null, 1L), 7L, ctx);
        t.updateSearchSpace(SPACE);
        return t;
    }

    private static boolean waits(HyperbandTuner t) {
        JsonValue evidence = ((JsonObject) t.snapshot()).get("payoff");
        return !((dev.tunerd.spi.json.JsonArray) ((JsonObject) evidence).get("waiting")).values().isEmpty();
    }

    private static boolean anyRunning(long[] running) {
        for (long r : running) {
            if (r >= 0) {
                return true;
            }
        }
        return false;
    }

    private static void start(int w, long id, JsonValue p, long[] running, int[] epoch, int[] budget, double[] x,
                              List<String> wireIds, HyperbandTuner tuner) {
        running[w] = id;
        epoch[w] = 0;
        budget[w] = budget(p);
        x[w] = ((JsonObject) p).get("x").asDouble();
        while (wireIds.size() <= id) {
            wireIds.add(null);
        }
        wireIds.set((int) id, tuner.wireParameterId(id));
    }

    @Test
    void theSameStreamGivesTheSameBracketsWhateverTheInterleavingOfTheTwoQueues() {
        for (int workers : new int[] {1, 3}) {
            List<String> reference = run(workers, 0, 0, 240, -1); // intermediate results always delivered at once
            assertTrue(reference.stream().anyMatch(id -> id != null && !id.contains("-0_")),
                "halving brackets run on these curves (else the test shows nothing): " + reference);
            for (long seed = 1; seed <= 6; seed++) {
                for (int lag : new int[] {2, 8, 40}) {
                    assertEquals(reference, run(workers, seed, lag, 240, -1),
                        workers + " workers, interleaving " + seed + ", up to " + lag + " results behind");
                }
            }
        }
    }

    /**
     * With R = 81 the largest bracket starts on the first few full trainings ({@code early_margin}, issue 13 session
     * 9), before the other checks could decide (10 trainings), and it does so whatever the interleaving, with a
     * restart in the middle of it too.
     */
    @Test
    void theEarlyStartOfTheLargestBracketIsTheSameWhateverTheInterleaving() {
        for (int workers : new int[] {1, 3}) {
            List<String> reference = run(81, workers, 0, 0, 160, -1);
            int first = 0;
            while (first < reference.size() && (reference.get(first) == null || reference.get(first).contains("-0_"))) {
                first++;
            }
            // the 10 trainings the other checks need end after three brackets s = 0, 15 full trainings issued
            assertTrue(first < 15 && reference.get(first).contains("-4_0_"), workers + " workers: the largest bracket"
                + " starts after " + first + " full trainings: " + reference);
            for (long seed = 1; seed <= 3; seed++) {
                assertEquals(reference, run(81, workers, seed, 40, 160, -1), workers + " workers, interleaving " + seed);
            }
            assertEquals(reference, run(81, workers, 2, 8, 160, 6), workers + " workers, restored after 6 trials");
        }
    }

    /** Trials that never report intermediate results: no request waits for them, full trainings only. */
    @Test
    void trialsWithoutIntermediateResultsNeverStallAndTrainFully() throws Exception {
        Map<Long, JsonValue> paid = new HashMap<>();
        AlgorithmContext ctx = new AlgorithmContext(paid::put, Optional.empty(), Clock.systemUTC());
        HyperbandTuner t = new HyperbandTuner(new HyperbandArgs("maximize", R, 3, null, null, 1L), 7L, ctx);
        t.updateSearchSpace(SPACE);
        for (long id = 0; id < 100; id++) {
            JsonObject p = (JsonObject) t.generateParameters(id);
            assertEquals(R, (int) ((JsonInt) p.get("TRIAL_BUDGET")).value(), "no evidence: full trainings");
            t.receiveTrialResult(new TrialResult(id, JsonObject.EMPTY, JsonFloat.of(p.get("x").asDouble()), false,
                Optional.empty()));
            t.trialEnd(id, true);
        }
        assertTrue(paid.isEmpty());
    }

    /** A restart (snapshot, restore) while a training's values are awaited changes no decision. */
    @Test
    void aTunerRestoredWhileValuesAreAwaitedDecidesAsTheKilledOneWould() {
        List<String> reference = run(3, 4, 8, 240, -1);
        for (int at : new int[] {20, 60, 120}) {
            assertEquals(reference, run(3, 4, 8, 240, at), "restored after " + at + " trials");
        }
    }

    /**
     * A request waits for a full training's values at the rungs only while they can still come: not once a trial
     * issued after its end failed without any value (and not at all while no trial reported intermediate results).
     */
    @Test
    void aRequestStopsWaitingOnceATrialAfterTheTrainingFailedWithoutAnyValue() throws Exception {
        Map<Long, JsonValue> paid = new HashMap<>();
        HyperbandTuner t = newTuner(new AlgorithmContext(paid::put, Optional.empty(), Clock.systemUTC()));
        // bracket s = 0 (no evidence yet): three full trainings; the first reports its first epoch, then its end
        assertEquals(R, budget(t.generateParameters(0)));
        t.receiveIntermediateResult(new IntermediateResult(0, "T0", 0, JsonFloat.of(0.5)));
        t.receiveTrialResult(new TrialResult(0, JsonObject.EMPTY, JsonFloat.of(0.9), false, Optional.empty()));
        t.trialEnd(0, true);
        assertEquals(R, budget(t.generateParameters(1)));
        t.receiveTrialResult(new TrialResult(1, JsonObject.EMPTY, JsonFloat.of(0.8), false, Optional.empty()));
        t.trialEnd(1, true); // its results are still queued, and epochs 2 and 3 of trial 0 too
        assertEquals(R, budget(t.generateParameters(2)));
        t.receiveTrialResult(new TrialResult(2, JsonObject.EMPTY, JsonFloat.of(0.7), false, Optional.empty()));
        t.trialEnd(2, true);
        assertTrue(t.generateMultipleParameters(List.of(3L)).isEmpty(), "the next bracket waits for the values");
        t.receiveIntermediateResult(new IntermediateResult(0, "T0", 1, JsonFloat.of(0.6)));
        t.receiveIntermediateResult(new IntermediateResult(0, "T0", 2, JsonFloat.of(0.7)));
        t.receiveIntermediateResult(new IntermediateResult(1, "T1", 0, JsonFloat.of(0.5)));
        t.receiveIntermediateResult(new IntermediateResult(1, "T1", 1, JsonFloat.of(0.6)));
        assertTrue(paid.isEmpty(), "trial 1 ended before the last issue: its values are awaited too");
        t.receiveIntermediateResult(new IntermediateResult(1, "T1", 2, JsonFloat.of(0.7)));
        assertEquals(List.of(3L), List.copyOf(paid.keySet()), "paid once they arrived");

        HyperbandTuner f = newTuner(new AlgorithmContext((id, p) -> { }, Optional.empty(), Clock.systemUTC()));
        assertEquals(R, budget(f.generateParameters(0)));
        f.receiveIntermediateResult(new IntermediateResult(0, "T0", 0, JsonFloat.of(0.5)));
        f.receiveTrialResult(new TrialResult(0, JsonObject.EMPTY, JsonFloat.of(0.9), false, Optional.empty()));
        f.trialEnd(0, true);
        for (long id = 1; id <= 2; id++) { // trials that fail without any value
            assertEquals(R, budget(f.generateParameters(id)));
            f.trialEnd(id, false);
        }
        assertEquals(1, f.generateMultipleParameters(List.of(3L)).size(), "no value will come: no wait");
    }

    private static int budget(JsonValue p) {
        return (int) ((JsonInt) ((JsonObject) p).get("TRIAL_BUDGET")).value();
    }
}
