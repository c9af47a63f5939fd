package dev.tunerd.tuners.medianstop;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class CompletedCurvesTest {

    /** Against a naive map of id to averages (re-completions replace, as NNI's dict): medians at every step. */
    @Test
    void mediansMatchSortedIndicesUnderCompletionsAndReplacements() {
        SplittableRandom rng = new SplittableRandom(4);
        CompletedCurves curves = new CompletedCurves();
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
        assertEquals(new ArrayList<>(naive.keySet()), curves.trialIds(), "first-completion order, as a dict keeps");
        List<String> ids = curves.trialIds();
        for (int t = 0; t < ids.size(); t++) {
            assertArrayEquals(naive.get(ids.get(t)), curves.averages(t));
        }
    }

    @Test
    void valuesBeyondOneArenaChunkStayExact() {
        CompletedCurves curves = new CompletedCurves();
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
}
