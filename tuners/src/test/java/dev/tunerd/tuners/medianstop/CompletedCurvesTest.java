package dev.tunerd.tuners.medianstop;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CompletedCurvesTest {

    /**
     * Against a naive map of id to averages (re-completions replace, as NNI's dict): medians at every step; with
     * windows of 1 and 3 values the windows are rebuilt often, with the default never.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 3, CompletedCurves.MIN_WINDOW})
    void mediansMatchSortedIndicesUnderCompletionsAndReplacements(int minWindow) {
        SplittableRandom rng = new SplittableRandom(4);
        CompletedCurves curves = new CompletedCurves(1, minWindow);
        Map<String, double[]> naive = new LinkedHashMap<>();
        for (int i = 0; i < 1500; i++) {
            String id = "t" + rng.nextInt(200); // ids come back: replacements
            double[] averages = new double[1 + rng.nextInt(6)];
            for (int s = 0; s < averages.length; s++) {
                averages[s] = rng.nextInt(40) / 4.0; // many ties
            }
            naive.put(id, averages);
            curves.complete(id, averages);
            for (int step = 1; step <= 7; step++) {
                List<Double> sorted = new ArrayList<>();
                for (double[] a : naive.values()) {
                    if (a.length >= step) {
                        sorted.add(a[step - 1]);
                    }
                }
                sorted.sort(null);
                assertEquals(sorted.size(), curves.count(step), "count at step " + step);
                if (!sorted.isEmpty()) {
                    assertEquals(sorted.get((sorted.size() - 1) / 2), curves.lowerMedian(step));
                    assertEquals(sorted.get(sorted.size() / 2), curves.upperMedian(step));
                }
            }
        }
        List<String> ids = new ArrayList<>();
        for (int t = 0; t < curves.trialCount(); t++) {
            ids.add(curves.trialId(t));
            assertArrayEquals(naive.get(curves.trialId(t)), curves.averages(t));
        }
        assertEquals(new ArrayList<>(naive.keySet()), ids, "first-completion order, as a dict keeps");
    }

    @Test
    void valuesBeyondOneArenaChunkStayExact() {
        CompletedCurves curves = new CompletedCurves(1);
        int trials = 3000;
        for (int t = 0; t < trials; t++) {
            double[] a = new double[50];
            for (int s = 0; s < a.length; s++) {
                a[s] = t + s / 100.0;
            }
            curves.complete("t" + t, a);
        }
        assertEquals(trials, curves.count(50));
        assertEquals((trials - 1) / 2 + 0.49, curves.lowerMedian(50), 1e-9);
        assertEquals(trials / 2 + 0.49, curves.upperMedian(50), 1e-9);
        assertEquals(2999.25, curves.averages(2999)[25], 0);
    }

    /**
     * Curves that drift (every new trial better, or worse, than all before), constant curves, and the values whose
     * order is special (-0.0 and 0.0, infinities, NaN), with replacements: the windowed medians equal the sorted
     * indices of all values in {@link Double#compare} order, and the windows really moved (rebuilds happened).
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 8, 64})
    void windowedMediansStayExactWhenTheMedianDriftsOutOfTheWindow(int minWindow) {
        SplittableRandom rng = new SplittableRandom(minWindow);
        double[] special = {-0.0, 0.0, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 1.0};
        CompletedCurves curves = new CompletedCurves(1, minWindow);
        Map<String, double[]> naive = new LinkedHashMap<>();
        for (int i = 0; i < 2500; i++) {
            int kind = (i / 250) % 5;
            String id = rng.nextInt(10) == 0 && i > 0 ? "t" + rng.nextInt(i) : "t" + i; // some replacements
            double[] averages = new double[1 + rng.nextInt(4)];
            for (int s = 0; s < averages.length; s++) {
                averages[s] = switch (kind) {
                    case 0 -> i + s;                           // each trial above all before
                    case 1 -> -i - s;                          // each trial below all before
                    case 2 -> 7.0;                             // constant
                    case 3 -> special[rng.nextInt(special.length)];
                    default -> rng.nextGaussian();
                };
            }
            naive.put(id, averages);
            curves.complete(id, averages);
            for (int step = 1; step <= 4; step++) {
                List<Double> sorted = new ArrayList<>();
                for (double[] a : naive.values()) {
                    if (a.length >= step) {
                        sorted.add(a[step - 1]);
                    }
                }
                sorted.sort(null);
                assertEquals(sorted.size(), curves.count(step), "count at step " + step + ", completion " + i);
                if (!sorted.isEmpty()) {
                    assertEquals(sorted.get((sorted.size() - 1) / 2), curves.lowerMedian(step),
                        "lower median at step " + step + ", completion " + i);
                    assertEquals(sorted.get(sorted.size() / 2), curves.upperMedian(step),
                        "upper median at step " + step + ", completion " + i);
                }
            }
        }
        assertTrue(curves.rebuilds(1) >= 5, "the drifting curves moved the window: " + curves.rebuilds(1));
    }

    /** With the default window, a drifting median costs a rebuild only every max(512, n/32) or so completions. */
    @Test
    void driftingCurvesRebuildRarely() {
        CompletedCurves curves = new CompletedCurves(1);
        int trials = 20_000;
        for (int t = 0; t < trials; t++) {
            curves.complete("t" + t, new double[] {t});
        }
        assertEquals((trials - 1) / 2, curves.lowerMedian(1), 0);
        int rebuilds = curves.rebuilds(1);
        assertTrue(rebuilds > 0 && rebuilds < 150, "rebuilds: " + rebuilds);
    }

    /** Steps before the first judged one are not kept; from it on, medians and saved averages are the same. */
    @Test
    void dropsTheAveragesOfStepsBeforeTheFirstJudgedOne() {
        SplittableRandom rng = new SplittableRandom(12);
        CompletedCurves all = new CompletedCurves(1, 2);
        CompletedCurves fromFour = new CompletedCurves(4, 2);
        for (int t = 0; t < 400; t++) {
            double[] a = new double[1 + rng.nextInt(7)];
            for (int s = 0; s < a.length; s++) {
                a[s] = rng.nextInt(20);
            }
            String id = "t" + rng.nextInt(300);
            all.complete(id, a);
            fromFour.complete(id, a);
            for (int step = 4; step <= 8; step++) {
                assertEquals(all.count(step), fromFour.count(step));
                if (all.count(step) > 0) {
                    assertEquals(all.lowerMedian(step), fromFour.lowerMedian(step));
                    assertEquals(all.upperMedian(step), fromFour.upperMedian(step));
                }
            }
        }
        for (int t = 0; t < all.trialCount(); t++) {
            double[] full = all.averages(t);
            assertArrayEquals(Arrays.copyOfRange(full, Math.min(3, full.length), full.length), fromFour.averages(t));
        }
        // averages saved from step 2 restore into a curve set that keeps them from step 4, not into one from step 1
        CompletedCurves restored = new CompletedCurves(4, 2);
        restored.complete("x", new double[] {2, 3, 4, 5}, 2);
        assertArrayEquals(new double[] {4, 5}, restored.averages(0));
        assertThrows(IllegalArgumentException.class, () -> all.complete("x", new double[] {1}, 2));
        assertThrows(IllegalArgumentException.class, () -> fromFour.count(3));
    }
}
