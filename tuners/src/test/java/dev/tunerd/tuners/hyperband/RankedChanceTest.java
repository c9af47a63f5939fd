package dev.tunerd.tuners.hyperband;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * {@link RankedChance} ({@code ranked_chance}, issue 13 session 35): the exact p-value of Kendall's tau among the best
 * half, and the level it must reach at each look of {@link RankedHalving}.
 */
class RankedChanceTest {
    /** The number of orders of {@code n} items with exactly {@code d} inversions, counted by brute force. */
    private static long orders(int n, int d) {
        int[] p = new int[n];
        for (int i = 0; i < n; i++) {
            p[i] = i;
        }
        long count = 0;
        do {
            int inv = 0;
            for (int i = 0; i < n; i++) {
                for (int j = i + 1; j < n; j++) {
                    inv += p[i] > p[j] ? 1 : 0;
                }
            }
            count += inv == d ? 1 : 0;
        } while (next(p));
        return count;
    }

    /** The next permutation in lexicographic order, in place; false after the last. */
    private static boolean next(int[] p) {
        int i = p.length - 2;
        while (i >= 0 && p[i] >= p[i + 1]) {
            i--;
        }
        if (i < 0) {
            return false;
        }
        int j = p.length - 1;
        while (p[j] <= p[i]) {
            j--;
        }
        int t = p[i];
        p[i] = p[j];
        p[j] = t;
        for (int a = i + 1, b = p.length - 1; a < b; a++, b--) {
            t = p[a];
            p[a] = p[b];
            p[b] = t;
        }
        return true;
    }

    @Test
    void thePValueIsTheShareOfOrdersWithAsFewPairsOutOfOrder() {
        assertEquals(1.0 / 24, RankedChance.pValue(1.0, 4), 1e-12, "4 in order: one order of 24");
        assertEquals(1.0 / 720, RankedChance.pValue(1.0, 6), 1e-12, "6 in order: one of 720");
        for (int n = 2; n <= 7; n++) {
            long factorial = 1;
            for (int i = 2; i <= n; i++) {
                factorial *= i;
            }
            int pairs = n * (n - 1) / 2;
            long atMost = 0;
            for (int d = 0; d <= pairs; d++) {
                atMost += orders(n, d);
                double tau = 1 - 2.0 * d / pairs;
                assertEquals((double) atMost / factorial, RankedChance.pValue(tau, n), 1e-12, n + " items, " + d);
            }
        }
    }

    @Test
    void aTieCountsAsHalfAPairOutOfOrderRoundedUp() {
        // 5 items, tau-a 0.9: one tied pair (half a discordant pair) is counted as one discordant pair
        assertEquals(RankedChance.pValue(0.8, 5), RankedChance.pValue(0.9, 5), 1e-12);
        assertEquals(1.0, RankedChance.pValue(Double.NaN, 5));
        assertEquals(1.0, RankedChance.pValue(1.0, 1), "one item has no order");
        assertEquals(1.0, RankedChance.pValue(-1.0, 9), 1e-12, "every order has at most all pairs out of order");
    }

    @Test
    void aboveTheExactTableANormalApproximationTakesOver() {
        int n = RankedChance.MAX_EXACT;
        for (double tau : new double[] {0.1, 0.2, 0.3}) {
            double exact = RankedChance.pValue(tau, n);
            double approx = RankedChance.pValue(tau, n + 1);
            assertTrue(Math.abs(exact - approx) < 0.2 * exact + 1e-4, tau + ": " + exact + " against " + approx);
        }
        double[][] table = RankedChance.cumulative(10);
        for (int m = 1; m <= 10; m++) {
            assertEquals(1.0, table[m][m * (m - 1) / 2], 1e-12, "all orders of " + m);
        }
    }

    @Test
    void theLevelShrinksWithTheLooks() {
        RankedChance guard = new RankedChance(0.02);
        int early = RankedHalving.EARLY_CURVES;
        assertFalse(guard.beyondChance(1.0, 4, early), "4 in order (p 1/24) at the first look");
        assertTrue(guard.beyondChance(1.0, 6, early + 3), "6 in order (p 1/720) at the fourth look: 0.005");
        assertFalse(guard.beyondChance(1.0, 6, early + 30), "the same at the 31st look: 0.02 / 31 < 1/720");
        assertTrue(new RankedChance(1).beyondChance(-1.0, 6, early), "at level 1 everything passes");
        assertFalse(new RankedChance(0).beyondChance(1.0, 40, early), "at level 0 nothing does");
    }
}
