package dev.tunerd.tuners.medianstop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class StepMedianTest {
    @Test
    void matchesSortedIndicesUnderAddsAndRemoves() {
        SplittableRandom rng = new SplittableRandom(4);
        StepMedian m = new StepMedian();
        List<Double> naive = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            if (!naive.isEmpty() && rng.nextInt(4) == 0) {
                double v = naive.get(rng.nextInt(naive.size()));
                naive.remove(v);
                m.remove(v);
            } else {
                double v = rng.nextInt(50) / 4.0;
                naive.add(v);
                m.add(v);
            }
            if (!naive.isEmpty()) {
                List<Double> sorted = new ArrayList<>(naive);
                sorted.sort(null);
                assertEquals(sorted.get((sorted.size() - 1) / 2), m.lowerMedian());
                assertEquals(sorted.get(sorted.size() / 2), m.upperMedian());
            }
        }
    }
}
