package dev.tunerd.tuners.medianstop;

import static dev.tunerd.spi.AssessResult.BAD;
import static dev.tunerd.spi.AssessResult.GOOD;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.AssessResult;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class MedianstopAssessorTest {

    static List<JsonValue> h(double... values) {
        return Arrays.stream(values).mapToObj(v -> (JsonValue) JsonFloat.of(v)).toList();
    }

    /** Assesses the trial step by step (as the dispatcher does) and ends it. */
    static void complete(MedianstopAssessor a, String id, boolean success, double... values) {
        for (int i = 1; i <= values.length; i++) {
            a.assessTrial(id, h(Arrays.copyOf(values, i)));
        }
        a.trialEnd(id, success);
    }

    static MedianstopAssessor withHistory(OptimizeMode mode) {
        MedianstopAssessor a = new MedianstopAssessor(mode, 0);
        complete(a, "A", true, 1, 2, 3);    // averages 1, 1.5, 2
        complete(a, "B", true, 3, 3, 3);    // 3, 3, 3
        complete(a, "C", true, 0, 0, 6);    // 0, 0, 2
        complete(a, "F", false, -9, -9, -9); // failed: ignored
        return a;
    }

    @Test
    void maximiseComparesBestSoFarWithTheLowerMedian() {
        MedianstopAssessor a = withHistory(OptimizeMode.MAXIMIZE);
        assertEquals(BAD, a.assessTrial("E", h(0.1)), "step 1 averages 0, 1, 3: median 1");
        assertEquals(GOOD, a.assessTrial("E1", h(1)));
        assertEquals(BAD, a.assessTrial("D", h(1, 1.4)), "step 2 median 1.5, best 1.4");
        assertEquals(GOOD, a.assessTrial("G", h(1, 1.5)), "equal is not worse");
        assertEquals(GOOD, a.assessTrial("H", h(2, 0, 0)), "step 3 median 2, best 2");
        assertEquals(GOOD, a.assessTrial("I", h(0, 0, 0, 0)), "no completed trial reached step 4");
        complete(a, "E2", true, 5, 5);      // step 2 averages now 0, 1.5, 3, 5
        assertEquals(BAD, a.assessTrial("J", h(1.4, 1.4)), "n=4 lower median index 1 -> 1.5");
    }

    @Test
    void minimiseUsesTheUpperMedianAndTheMinimum() {
        MedianstopAssessor a = withHistory(OptimizeMode.MINIMIZE);
        complete(a, "E2", true, 5, 5); // step 2 averages 0, 1.5, 3, 5 -> index 2 -> 3
        assertEquals(BAD, a.assessTrial("D", h(4, 3.5)));
        assertEquals(GOOD, a.assessTrial("K", h(4, 3)));
    }

    @Test
    void startStepDelaysJudgementAndRecording() {
        MedianstopAssessor a = new MedianstopAssessor(OptimizeMode.MAXIMIZE, 3);
        complete(a, "A", true, 10, 10);     // ended before start_step: never recorded
        complete(a, "B", true, 10, 10, 10);
        assertEquals(GOOD, a.assessTrial("C", h(0, 0)), "fewer than start_step results");
        assertEquals(BAD, a.assessTrial("C", h(0, 0, 0)));
    }

    @Test
    void dictMetricsUseTheirDefault() {
        MedianstopAssessor a = new MedianstopAssessor(OptimizeMode.MAXIMIZE, 0);
        complete(a, "A", true, 5);
        JsonObject metric = JsonObject.builder().put("default", 1.0).put("other", 99.0).build();
        assertEquals(BAD, a.assessTrial("B", List.of(metric)));
    }

    @Test
    void argsApplyNnisDefaultsAndRanges() {
        MedianstopArgs d = new MedianstopArgs(null, null);
        assertEquals(OptimizeMode.MAXIMIZE, d.mode());
        assertEquals(0, d.startStep());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new MedianstopArgs("max", 1));
        assertEquals("optimize_mode must be \"maximize\" or \"minimize\", got \"max\"", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new MedianstopArgs(null, -1));
        assertEquals("start_step must be between 0 and 9999, got -1", e.getMessage());
    }

    @Test
    void agreesWithNnisQuadraticAlgorithmOnRandomExperiments() {
        for (OptimizeMode mode : OptimizeMode.values()) {
            for (int startStep : new int[] {0, 3}) {
                SplittableRandom rng = new SplittableRandom(mode.ordinal() * 10L + startStep);
                MedianstopAssessor fast = new MedianstopAssessor(mode, startStep);
                NniMedianstop slow = new NniMedianstop(mode == OptimizeMode.MAXIMIZE, startStep);
                Map<String, List<JsonValue>> running = new HashMap<>();
                for (int event = 0; event < 3000; event++) {
                    String id = "t" + rng.nextInt(60);
                    List<JsonValue> history = running.computeIfAbsent(id, k -> new ArrayList<>());
                    if (rng.nextInt(12) == 0) {
                        boolean success = rng.nextInt(4) > 0;
                        fast.trialEnd(id, success);
                        slow.trialEnd(id, success);
                        running.remove(id);
                    } else {
                        history.add(JsonFloat.of(Math.rint(rng.nextDouble(0, 20)) / 2));
                        assertEquals(slow.assess(id, history), fast.assessTrial(id, List.copyOf(history)),
                            "event " + event + " " + id + " " + history);
                    }
                }
                MedianstopAssessor restored = new MedianstopAssessor(mode, startStep);
                restored.restore(Json.parse(Json.write(fast.snapshot())));
                assertEquals(Json.write(fast.snapshot()), Json.write(restored.snapshot()));
                for (int event = 0; event < 500; event++) {
                    String id = "t" + rng.nextInt(60);
                    List<JsonValue> history = running.computeIfAbsent(id, k -> new ArrayList<>());
                    if (rng.nextInt(12) == 0) {
                        fast.trialEnd(id, true);
                        restored.trialEnd(id, true);
                        running.remove(id);
                    } else {
                        history.add(JsonFloat.of(rng.nextDouble(0, 10)));
                        assertEquals(fast.assessTrial(id, List.copyOf(history)),
                            restored.assessTrial(id, List.copyOf(history)), "after restore, event " + event);
                    }
                }
            }
        }
    }

    /**
     * Decisions equal NNI's over many trials whose curves drift (later trials better, then worse) with ties and
     * re-completing ids, with windows small enough that every step's median keeps leaving its window, and after a
     * snapshot and restore.
     */
    @Test
    void agreesWithNnisAlgorithmWhileTheMedianLeavesItsWindow() {
        for (OptimizeMode mode : OptimizeMode.values()) {
            for (int minWindow : new int[] {1, 4}) {
                SplittableRandom rng = new SplittableRandom(31L * minWindow + mode.ordinal());
                MedianstopAssessor fast = new MedianstopAssessor(mode, 2, minWindow);
                NniMedianstop slow = new NniMedianstop(mode == OptimizeMode.MAXIMIZE, 2);
                int decisionsBad = 0;
                for (int trial = 0; trial < 700; trial++) {
                    if (trial == 350) {
                        MedianstopAssessor restored = new MedianstopAssessor(mode, 2, minWindow);
                        restored.restore(Json.parse(Json.write(fast.snapshot())));
                        fast = restored;
                    }
                    String id = rng.nextInt(8) == 0 ? "t" + rng.nextInt(trial + 1) : "t" + trial;
                    double trend = trial < 400 ? trial / 10.0 : (700 - trial) / 5.0;
                    List<JsonValue> history = new ArrayList<>();
                    int length = 1 + rng.nextInt(8);
                    for (int step = 0; step < length; step++) {
                        history.add(JsonFloat.of(trend + Math.rint(rng.nextDouble(-4, 4))));
                        AssessResult expected = slow.assess(id, history);
                        assertEquals(expected, fast.assessTrial(id, List.copyOf(history)),
                            "trial " + trial + " " + id + " " + history);
                        decisionsBad += expected == AssessResult.BAD ? 1 : 0;
                    }
                    boolean success = rng.nextInt(5) > 0;
                    fast.trialEnd(id, success);
                    slow.trialEnd(id, success);
                }
                assertTrue(decisionsBad > 100, "both kinds of decision were compared: " + decisionsBad);
            }
        }
    }

    /**
     * A snapshot keeps completed averages from the first judged step and says so; one without that key (older
     * snapshots: every step) restores to the same decisions; one that lacks steps the assessor judges is refused.
     */
    @Test
    void snapshotsKeepAveragesFromTheFirstJudgedStep() {
        MedianstopAssessor a = new MedianstopAssessor(OptimizeMode.MAXIMIZE, 3);
        complete(a, "t1", true, 1, 2, 3, 4);
        complete(a, "t2", true, 5, 6, 7, 8);
        JsonObject saved = (JsonObject) a.snapshot();
        assertEquals("{\"t1\": [2.0, 2.5], \"t2\": [6.0, 6.5]}", Json.write(saved.get("completed")));
        assertEquals("3", Json.write(saved.get("completed_from_step")));

        MedianstopAssessor fromOld = new MedianstopAssessor(OptimizeMode.MAXIMIZE, 3);
        fromOld.restore(Json.parse("{\"running\": {}, \"completed\": {\"t1\": [1, 1.5, 2, 2.5],"
            + " \"t2\": [5, 5.5, 6, 6.5]}}"));
        assertEquals(Json.write(saved), Json.write(fromOld.snapshot()));
        List<JsonValue> history = List.of(JsonFloat.of(1.9), JsonFloat.of(1.9), JsonFloat.of(1.9));
        assertEquals(a.assessTrial("t3", history), fromOld.assessTrial("t3", history));
        assertEquals(BAD, fromOld.assessTrial("t4", history), "1.9 is below the lower median 2.0 at step 3");

        MedianstopAssessor earlier = new MedianstopAssessor(OptimizeMode.MAXIMIZE, 1);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> earlier.restore(Json.parse(Json.write(saved))));
        assertEquals("Medianstop snapshot keeps completed averages from step 3, start_step 1 needs them from step 1",
            e.getMessage());
    }

    /** NNI's medianstop_assessor.py, transcribed literally as the reference (sort on every assessment). */
    static final class NniMedianstop {
        final boolean highBetter;
        final int startStep;
        final Map<String, List<Double>> runningHistory = new HashMap<>();
        final Map<String, List<Double>> completedAvg = new HashMap<>();

        NniMedianstop(boolean highBetter, int startStep) {
            this.highBetter = highBetter;
            this.startStep = startStep;
        }

        void trialEnd(String id, boolean success) {
            List<Double> hist = runningHistory.remove(id);
            if (hist != null && success) {
                List<Double> avg = new ArrayList<>();
                double sum = 0;
                for (int i = 0; i < hist.size(); i++) {
                    sum += hist.get(i);
                    avg.add(sum / (i + 1));
                }
                completedAvg.put(id, avg);
            }
        }

        AssessResult assess(String id, List<JsonValue> history) {
            int step = history.size();
            if (step < startStep) {
                return GOOD;
            }
            List<Double> scalars = history.stream().map(JsonValue::asDouble).toList();
            List<Double> stored = runningHistory.computeIfAbsent(id, k -> new ArrayList<>());
            stored.addAll(scalars.subList(stored.size(), scalars.size()));
            double best = highBetter ? scalars.stream().mapToDouble(d -> d).max().orElseThrow()
                : scalars.stream().mapToDouble(d -> d).min().orElseThrow();
            List<Double> avgs = new ArrayList<>();
            completedAvg.values().forEach(a -> {
                if (a.size() >= step) {
                    avgs.add(a.get(step - 1));
                }
            });
            if (avgs.isEmpty()) {
                return GOOD;
            }
            avgs.sort(null);
            double median = highBetter ? avgs.get((avgs.size() - 1) / 2) : avgs.get(avgs.size() / 2);
            return (highBetter ? best < median : best > median) ? BAD : GOOD;
        }
    }
}
