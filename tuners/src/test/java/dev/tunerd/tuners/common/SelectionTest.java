package dev.tunerd.tuners.common;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
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

    @Test
    void kthSmallestIsTheValueSortingPutsAtEachIndex() {
        Rng rng = new Rng(23);
        for (int trial = 0; trial < 300; trial++) {
            int n = 1 + rng.nextInt(trial < 150 ? 12 : 400);
            double[] v = new double[n];
            for (int i = 0; i < n; i++) {
                int kind = rng.nextInt(10);
                v[i] = switch (kind) {
                    case 0 -> 3.0;
                    case 1 -> rng.nextInt(3);
                    case 2 -> -0.0;
                    case 3 -> 0.0;
                    case 4 -> trial % 7 == 0 ? Double.NaN : Double.POSITIVE_INFINITY;
                    case 5 -> Double.NEGATIVE_INFINITY;
                    default -> rng.nextGaussian();
                };
            }
            double[] before = v.clone();
            double[] sorted = v.clone();
            Arrays.sort(sorted);
            for (int k = 0; k < n; k++) {
                assertEquals(Double.doubleToLongBits(sorted[k]), Double.doubleToLongBits(
                    Selection.kthSmallest(v, k)), "k " + k + " of " + Arrays.toString(v));
            }
            assertArrayEquals(before, v, "the input is not reordered");
        }
        assertThrows(IllegalArgumentException.class, () -> Selection.kthSmallest(new double[2], 2));
        assertThrows(IllegalArgumentException.class, () -> Selection.kthSmallest(new double[0], 0));
    }
}
