package dev.tunerd.tuners.hyperband;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.tuners.common.Rng;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link BestHalfTaus} (issue 13 session 34): {@link RankedHalving}'s taus are kept per evidence and recomputed as
 * soon as the evidence changes, whether the change comes in a new list or in the same list (a rung value rewritten in
 * place, a training added); its answers are those of a rule that never saw the evidence before. {@code R = 27},
 * {@code sMax = 3}: a training is its values at rungs 0..2, then its final value.
 */
class BestHalfTausTest {
    private static final BracketPlan PLAN = BracketPlan.hyperband(27, 3);

    /** {@code n} trainings whose values at every rung are in the order of their finals. */
    private static List<double[]> ordered(int n) {
        List<double[]> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            double f = (double) i / n;
            out.add(new double[] {f, f, f, f});
        }
        return out;
    }

    @Test
    void aRungValueRewrittenInTheSameListIsSeen() {
        RankedHalving rule = new RankedHalving(PLAN, 9);
        List<double[]> evidence = ordered(12);
        assertTrue(rule.ranked(evidence, 2), "every rung in the order of the finals");
        assertTrue(rule.rungRanked(evidence, 2), "rung 2 ranks");
        for (double[] c : evidence) {
            c[2] = -c[2]; // rung 2 now reverses the best half
        }
        assertFalse(rule.ranked(evidence, 2), "a stale cache would still say ranked");
        assertFalse(rule.rungRanked(evidence, 2), "a stale cache would still say rung 2 ranks");
        assertTrue(rule.rungRanked(evidence, 1), "rung 1 is unchanged");
        for (double[] c : evidence) {
            c[2] = -c[2];
        }
        assertTrue(rule.ranked(evidence, 2), "back as it was");
    }

    @Test
    void aTrainingAddedToTheSameListIsSeen() {
        RankedHalving rule = new RankedHalving(PLAN, 9);
        List<double[]> evidence = ordered(RankedHalving.EARLY_CURVES - 1);
        assertFalse(rule.ranked(evidence, 3), "too few trainings");
        evidence.add(new double[] {2, 2, 2, 2});
        assertTrue(rule.ranked(evidence, 3), "enough now: a stale cache would still count too few");
        evidence.set(0, new double[] {1.5, 0, 0, 0}); // the best final now last at rung 0
        assertFalse(rule.ranked(evidence, 3), "a training replaced");
    }

    @Test
    void aRungValueMissingLeavesTheTrainingOutForTheBracketsThatHalveThere() {
        RankedHalving rule = new RankedHalving(PLAN, 9);
        List<double[]> evidence = ordered(RankedHalving.EARLY_CURVES);
        assertTrue(rule.ranked(evidence, 3));
        evidence.get(5)[0] = Double.NaN; // rung 0: bracket 3 halves there, bracket 2 does not
        assertFalse(rule.ranked(evidence, 3), "seven usable trainings for bracket 3");
        assertTrue(rule.ranked(evidence, 2), "all eight for bracket 2");
    }

    /** Random evidence changing step by step: the cached rule answers as a fresh rule does, every bracket and rung. */
    @Test
    void answersAreThoseOfAFreshRuleThroughChangingEvidence() {
        Rng rng = new Rng(38500);
        RankedHalving cached = new RankedHalving(PLAN, 9);
        List<double[]> evidence = new ArrayList<>();
        int ranked = 0;
        int notRanked = 0;
        for (int step = 0; step < 400; step++) {
            int change = rng.nextInt(4);
            if (change == 0 || evidence.size() < 6) {
                double f = rng.nextDouble();
                double noise = 0.3 * rng.nextDouble();
                evidence.add(new double[] {f + noise * rng.nextDouble(), f + noise * rng.nextDouble(),
                    f + noise * rng.nextDouble(), f});
            } else if (change == 1) {
                evidence.get(rng.nextInt(evidence.size()))[rng.nextInt(3)] = rng.nextDouble();
            } else if (change == 2 && evidence.size() > 30) {
                evidence.remove(0);
            }
            RankedHalving fresh = new RankedHalving(PLAN, 9);
            for (int s = 0; s <= 3; s++) {
                boolean answer = cached.ranked(evidence, s);
                assertEquals(fresh.ranked(evidence, s), answer, "step " + step + ", bracket " + s);
                ranked += answer ? 1 : 0;
                notRanked += answer ? 0 : 1;
            }
            for (int k = 0; k < 3; k++) {
                assertEquals(new RankedHalving(PLAN, 9).rungRanked(evidence, k), cached.rungRanked(evidence, k),
                    "step " + step + ", rung " + k);
            }
        }
        assertTrue(ranked > 20 && notRanked > 20, "both answers occur: " + ranked + " / " + notRanked);
    }

    /** The sum of {@code Math.signum} products in doubles, pair by pair: the tau as computed until session 34. */
    private static double signumTau(double[] x, double[] f) {
        double sum = 0;
        int pairs = 0;
        for (int a = 0; a < x.length; a++) {
            for (int b = a + 1; b < x.length; b++) {
                sum += Math.signum(x[a] - x[b]) * Math.signum(f[a] - f[b]);
                pairs++;
            }
        }
        return pairs == 0 ? Double.NaN : sum / pairs;
    }

    /** The tau on columns is the signum sum's to the bit: ties, signed zeros, differences that overflow, NaN. */
    @Test
    void theTauOnColumnsIsTheSignumSumToTheBit() {
        Rng rng = new Rng(38501);
        double[] pool = {0.0, -0.0, 1.0, 1.0, -1.0, 1e308, -1e308, 0.25, 3.0, -7.5};
        for (int trial = 0; trial < 2000; trial++) {
            int n = rng.nextInt(60);
            double[] x = new double[n];
            double[] f = new double[n];
            for (int i = 0; i < n; i++) {
                x[i] = rng.nextInt(3) == 0 ? pool[rng.nextInt(pool.length)] : rng.nextDouble();
                f[i] = rng.nextInt(3) == 0 ? pool[rng.nextInt(pool.length)] : rng.nextDouble();
            }
            if (n > 0 && trial % 50 == 0) {
                x[rng.nextInt(n)] = Double.NaN;
            }
            assertEquals(Double.doubleToRawLongBits(signumTau(x, f)),
                Double.doubleToRawLongBits(BestHalfTaus.tau(x, f)), "trial " + trial + ", n " + n);
        }
    }
}
