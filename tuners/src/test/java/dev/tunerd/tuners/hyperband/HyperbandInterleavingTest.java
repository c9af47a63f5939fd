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
 * The payoff check's brackets are a function of the order of requests and ends alone (issue 13 session 14; session 8
 * asked it of any interleaving of two queues, and waited for late values to get it). A trial's intermediate results
 * reach the tuner before its FINAL and EN (the daemon's wire order since session 10); when, relative to other trials'
 * ends and requests, does not matter. Here a manager with {@code workers} workers runs trials in virtual time (one
 * epoch a step, results every epoch, then FINAL, EN and a new request), and a scheduler delivers intermediate results
 * in an order drawn from a seed, at most {@code lag} results behind the rest of the stream, but always ahead of their
 * own trial's FINAL. A result that comes after its trial's end is ignored by the evidence (checked below too).
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
        return run(args(r), workers, interleaving, lag, trials, restoreAfter);
    }

    /** As above with the classArgs {@code a}. */
    private static List<String> run(HyperbandArgs a, int workers, long interleaving, int lag, int trials,
                                    int restoreAfter) {
        Map<Long, JsonValue> paid = new HashMap<>();
        AlgorithmContext ctx = new AlgorithmContext(paid::put, Optional.empty(), Clock.systemUTC());
        HyperbandTuner tuner = newTuner(ctx, a);
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
            if (assessorQueue.size() > lag || ownResultsAhead(tunerQueue.peek(), assessorQueue)) {
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
                HyperbandTuner restored = newTuner(ctx, a);
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

    private static HyperbandArgs args(int r) {
        // hold_for_decisions off: virtual time stands still here while a request is unanswered, so a worker waiting
        // for trials in flight would wait for ever (the bench's manager moves its clock on after a NO)
        return HyperbandArgs.defaults().withOptimizeMode("maximize").withR(r).withEta(3).withHoldForDecisions(false)
            .withSeed(1L);
    }

    private static HyperbandTuner newTuner(AlgorithmContext ctx, int r) {
        return newTuner(ctx, args(r));
    }

    private static HyperbandTuner newTuner(AlgorithmContext ctx, HyperbandArgs a) {
        HyperbandTuner t = new HyperbandTuner(a, 7L, ctx);
        t.updateSearchSpace(SPACE);
        return t;
    }

    /** Whether a full training is running with part of its values in (the snapshot must carry them). */
    private static boolean waits(HyperbandTuner t) {
        return !((JsonObject) ((JsonObject) t.snapshot()).get("histories")).members().isEmpty();
    }

    /** Whether {@code next} is a trial's FINAL or EN while some of that trial's results are still queued. */
    private static boolean ownResultsAhead(Event next, ArrayDeque<Event> results) {
        return next != null && next.kind() != 'G' && results.stream().anyMatch(r -> r.id() == next.id());
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
    void theSameOrderOfEndsGivesTheSameBracketsWhenTheResultsComeBeforeTheirEnds() {
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

    /**
     * The race at equal spend ({@code spend_race}, issue 13 session 26) reads the ends and final values alone: the
     * same brackets whatever the interleaving, restored mid-run too, with halving brackets and full trainings both;
     * so does its outlook ({@code race_outlook}).
     */
    @Test
    void theSpendRaceIsTheSameWhateverTheInterleaving() {
        HyperbandArgs race = args(81).withSpendRace(1.0).withRaceTrailing(0.25);
        for (HyperbandArgs a : List.of(race, race.withRaceOutlook(100.0))) {
            for (int workers : new int[] {1, 3}) {
                List<String> reference = run(a, workers, 0, 0, 400, -1);
                assertTrue(reference.stream().anyMatch(id -> id != null && id.contains("-4_"))
                    && reference.stream().filter(id -> id != null && id.contains("-0_")).count() >= 15,
                    workers + " workers: halving brackets and full trainings both: " + reference);
                assertTrue(!reference.equals(run(81, workers, 0, 0, 400, -1)), "the race changed the run");
                for (long seed = 1; seed <= 3; seed++) {
                    assertEquals(reference, run(a, workers, seed, 40, 400, -1),
                        workers + " workers, interleaving " + seed);
                }
                assertEquals(reference, run(a, workers, 2, 8, 400, 60), workers + " workers, restored after 60 trials");
            }
        }
    }

    /** Trials that never report intermediate results: no request waits for them, full trainings only. */
    @Test
    void trialsWithoutIntermediateResultsNeverStallAndTrainFully() throws Exception {
        Map<Long, JsonValue> paid = new HashMap<>();
        AlgorithmContext ctx = new AlgorithmContext(paid::put, Optional.empty(), Clock.systemUTC());
        HyperbandTuner t = new HyperbandTuner(HyperbandArgs.defaults().withOptimizeMode("maximize").withR(R).withEta(3)
            .withSeed(1L), 7L, ctx);
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

    /** A restart (snapshot, restore) while a full training is running with part of its values in changes nothing. */
    @Test
    void aTunerRestoredMidTrainingDecidesAsTheKilledOneWould() {
        List<String> reference = run(3, 4, 8, 240, -1);
        for (int at : new int[] {20, 60, 120}) {
            assertEquals(reference, run(3, 4, 8, 240, at), "restored after " + at + " trials");
        }
    }

    /**
     * A request never waits for values: here the first full training reports one intermediate result (fewer than the
     * largest bracket's halving budgets need) and the later trials none, which held every request from the third on
     * until session 14 (the training waited for values no trial would send). It goes into the evidence with what it
     * has, and the brackets go on.
     */
    @Test
    void aTrainingWithFewerResultsThanTheHalvingBudgetsNeverHoldsARequest() throws Exception {
        Map<Long, JsonValue> paid = new HashMap<>();
        HyperbandTuner t = newTuner(new AlgorithmContext(paid::put, Optional.empty(), Clock.systemUTC()));
        for (long id = 0; id < 60; id++) {
            JsonValue p = t.generateParameters(id); // throws when the request would wait
            if (id == 0) {
                t.receiveIntermediateResult(new IntermediateResult(0, "T0", 0, JsonFloat.of(0.5)));
            }
            t.receiveTrialResult(new TrialResult(id, JsonObject.EMPTY, JsonFloat.of(((JsonObject) p).get("x")
                .asDouble()), false, Optional.empty()));
            t.trialEnd(id, true);
        }
        assertTrue(paid.isEmpty(), "nothing was owed");
    }

    /**
     * A result that arrives after its trial's end (out of the wire order) is ignored by the evidence: the same stream
     * with every full training's results repeated after its end, reversed, gives the same brackets.
     */
    @Test
    void resultsAfterTheirTrialsEndDoNotChangeTheBrackets() throws Exception {
        List<String> reference = null;
        for (boolean late : new boolean[] {false, true}) {
            HyperbandTuner t = newTuner(new AlgorithmContext((id, p) -> { }, Optional.empty(),
                Clock.systemUTC()), 81);
            List<String> wire = new ArrayList<>();
            for (long id = 0; id < 160; id++) {
                JsonObject p = (JsonObject) t.generateParameters(id);
                wire.add(t.wireParameterId(id));
                double x = p.get("x").asDouble();
                int b = budget(p);
                for (int e = 1; e <= b; e++) {
                    t.receiveIntermediateResult(new IntermediateResult(id, "T" + id, e - 1, JsonFloat.of(curve(x, e))));
                }
                t.receiveTrialResult(new TrialResult(id, JsonObject.EMPTY, JsonFloat.of(curve(x, b)), false,
                    Optional.empty()));
                t.trialEnd(id, true);
                for (int e = b; late && b == 81 && e >= 1; e--) {
                    t.receiveIntermediateResult(new IntermediateResult(id, "T" + id, 81 - e, JsonFloat.of(curve(x, e))));
                }
            }
            assertTrue(wire.stream().anyMatch(w -> w.contains("-4_")), "the largest bracket runs: " + wire);
            if (reference == null) {
                reference = wire;
            } else {
                assertEquals(reference, wire, "late results ignored");
            }
        }
    }

    private static int budget(JsonValue p) {
        return (int) ((JsonInt) ((JsonObject) p).get("TRIAL_BUDGET")).value();
    }
}
