package dev.tunerd.tuners.medianstop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SelectionTest {

    @Test
    void putsTheKthValueInPlaceWithSmallerBeforeAndLargerAfter() {
        SplittableRandom rng = new SplittableRandom(9);
        for (int round = 0; round < 2000; round++) {
            int n = 1 + rng.nextInt(60);
            double[] a = new double[n];
            for (int i = 0; i < n; i++) {
                a[i] = switch (rng.nextInt(4)) {
                    case 0 -> rng.nextInt(3);  // ties
                    case 1 -> rng.nextBoolean() ? -0.0 : Double.NaN;
                    default -> rng.nextGaussian();
                };
            }
            double[] sorted = a.clone();
            Arrays.sort(sorted);
            int from = rng.nextInt(n);
            int to = from + 1 + rng.nextInt(n - from);
            double[] part = Arrays.copyOfRange(a, from, to);
            Arrays.sort(part);
            int k = from + rng.nextInt(to - from);
            double[] b = a.clone();
            Selection.select(b, from, to, k);
            assertEquals(part[k - from], b[k], "round " + round);
            for (int i = from; i < to; i++) {
                int c = Double.compare(b[i], b[k]);
                assertTrue(i < k ? c <= 0 : i == k || c >= 0, "round " + round + " index " + i);
            }
            double[] inside = Arrays.copyOfRange(b, from, to);
            Arrays.sort(inside);
            assertTrue(Arrays.equals(part, inside), "a permutation of the range, round " + round);
            assertTrue(Arrays.equals(Arrays.copyOfRange(a, 0, from), Arrays.copyOfRange(b, 0, from)));
            assertTrue(Arrays.equals(Arrays.copyOfRange(a, to, n), Arrays.copyOfRange(b, to, n)));
            assertEquals(sorted.length, a.length);
        }
    }
}
