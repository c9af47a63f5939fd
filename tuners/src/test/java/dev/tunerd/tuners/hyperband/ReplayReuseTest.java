package dev.tunerd.tuners.hyperband;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.model.RankScores;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What the copula check keeps from one look to the next since issue 13 session 35: the columns' normal scores
 * ({@link CopulaFit}) and each replay's survivors ({@link ReplayHalving}). On evidence that drifts as a run's does
 * (a training in, the oldest out), and on evidence built to tie, each must give what the computation of session 34
 * gives, written out again here as the reference, to the bit.
 */
class ReplayReuseTest {
    private static final BracketPlan PLAN = BracketPlan.hyperband(81, 3); // sMax 4

    /** A training: values at the largest bracket's rungs ({@code final + noise * draw}, rounded to {@code grid}). */
    private static double[] training(Rng rng, double noise, double grid) {
        double f = rng.nextGaussian();
        double[] c = new double[PLAN.sMax() + 1];
        for (int k = 0; k < PLAN.sMax(); k++) {
            double v = f + noise * (PLAN.sMax() - k) * rng.nextGaussian();
            c[k] = grid > 0 ? Math.round(v / grid) * grid : v;
        }
        c[PLAN.sMax()] = f;
        return c;
    }

    /** Bracket {@code s}'s columns of {@code curves} as the check reads them: its rungs, then the final value. */
    private static double[] columns(List<double[]> curves, int s) {
        int m = curves.size();
        double[] out = new double[(s + 1) * m];
        for (int j = 0; j <= s; j++) {
            int col = j < s ? PLAN.sMax() - s + j : PLAN.sMax();
            for (int r = 0; r < m; r++) {
                out[j * m + r] = curves.get(r)[col];
            }
        }
        return out;
    }

    /**
     * A warm fit and a warm halving, asked about every bracket of evidence that drifts a training at a time (with
     * rounded values that tie, and a change of size now and then), agree with session 34's computation at every look;
     * most replays are reused, some are halved again, and columns shared by the brackets are computed once.
     */
    @Test
    void aWarmCheckGivesSessionThirtyFoursGainsOnDriftingEvidence() {
        CopulaFit fit = new CopulaFit();
        ReplayHalving halving = new ReplayHalving(PLAN);
        CopulaDraws draws = new CopulaDraws();
        Rng rng = Rng.withSeed(41000);
        List<double[]> curves = new ArrayList<>();
        for (int j = 0; j < 60; j++) {
            curves.add(training(rng, 0.3, 0));
        }
        long asked = 0;
        int sizes = 1;
        for (int look = 0; look < 40; look++) {
            curves.remove(0);
            curves.add(training(rng, 0.3, look % 3 == 0 ? 0.5 : 0)); // a coarse grid: ties in the columns
            if (look % 13 == 12) {
                curves.add(training(rng, 0.3, 0)); // the evidence grows: other draws, nothing to reuse
                sizes++;
            }
            int m = curves.size();
            for (int s = PLAN.sMax(); s >= 0; s--) {
                double[] scores = columns(curves, s);
                double[] lower = fit.lower(scores, m, s + 1);
                asked += s + 1;
                assertArrayEquals(referenceLower(scores, m, s + 1), lower, "look " + look + ", bracket " + s);
                int start = PLAN.configs(s, 0);
                int keep = s == 0 ? start : Math.max(1, PLAN.configs(s, 1));
                long seed = 0x2545F4914F6CDD1DL * m + s;
                CopulaDraws.Replays e = draws.replays(seed, BracketPayoff.DRAWS, start, s + 1, keep, lower[0]);
                assertEquals(referenceSum(s, e, lower), halving.sumOfBests(seed, e, s, lower), 0.0,
                    "look " + look + ", bracket " + s);
            }
        }
        assertTrue(halving.reused() > 3 * halving.halved() / 2, "reused " + halving.reused() + ", halved "
            + halving.halved());
        long forced = (long) sizes * (PLAN.sMax() + 1) * BracketPayoff.DRAWS; // first looks at new draws
        assertTrue(halving.halved() > forced, "halved again where a cut crossed: " + halving.halved() + " of "
            + forced + " forced");
        assertTrue(fit.computed() < asked / 2, fit.computed() + " columns computed of " + asked + " asked");
    }

    /**
     * Factors that make scores tie at a cut (a zero row, rows that give every configuration the same score), carry
     * NaNs, or swap the order outright: the kept sets do not hold there, and the replays are halved as before.
     */
    @Test
    void tiesNaNsAndReversalsAreHalvedAsBefore() {
        ReplayHalving halving = new ReplayHalving(PLAN);
        CopulaDraws draws = new CopulaDraws();
        int s = PLAN.sMax();
        int d = s + 1;
        int start = PLAN.configs(s, 0);
        int keep = PLAN.configs(s, 1);
        long seed = 41001;
        CopulaDraws.Replays e = draws.replays(seed, BracketPayoff.DRAWS, start, d, keep, 1.0);
        double[] identity = new double[d * d];
        for (int i = 0; i < d; i++) {
            identity[i * d + i] = 1;
        }
        double[] zeroRow = identity.clone();
        zeroRow[2 * d + 2] = 0; // rung 2 scores 0 for everyone: the stable order keeps the first places
        double[] nan = identity.clone();
        nan[d + 1] = Double.NaN;
        double[] reversed = identity.clone();
        reversed[d + 1] = -1; // rung 1 ranks backwards
        double[] negativeZero = identity.clone();
        negativeZero[3 * d + 3] = -0.0; // rung 3: zeros of both signs
        for (double[] lower : List.of(identity, zeroRow, identity, nan, identity, reversed, negativeZero, identity,
            identity)) {
            long reused = halving.reused();
            assertEquals(referenceSum(s, e, lower), halving.sumOfBests(seed, e, s, lower), 0.0,
                Arrays.toString(lower));
            if (lower != identity) {
                assertEquals(reused, halving.reused(), "a tie, a NaN or a reversal at a cut: halved anew");
            }
        }
        long reused = halving.reused();
        halving.sumOfBests(seed, e, s, identity);
        assertEquals(reused + BracketPayoff.DRAWS, halving.reused(), "the same factor again reuses every replay");
    }

    /** A column without spread is uncorrelated, as before; one with zeros of both signs ties them. */
    @Test
    void constantAndSignedZeroColumnsFitAsBefore() {
        CopulaFit fit = new CopulaFit();
        Rng rng = Rng.withSeed(41002);
        for (int trial = 0; trial < 30; trial++) {
            int m = 4 + rng.nextInt(40);
            int d = 2 + rng.nextInt(4);
            double[] scores = new double[d * m];
            for (int i = 0; i < scores.length; i++) {
                int column = i / m;
                scores[i] = column == 0 && trial % 2 == 0 ? 3.0 // constant
                    : column == 1 ? (rng.nextInt(2) == 0 ? -0.0 : 0.0) + rng.nextInt(3) : rng.nextGaussian();
            }
            assertArrayEquals(referenceLower(scores, m, d), fit.lower(scores, m, d), "trial " + trial);
            assertArrayEquals(referenceLower(scores, m, d), fit.lower(scores.clone(), m, d), "kept, trial " + trial);
        }
    }

    /**
     * Session 34's copula factor: every column's normal scores (the boxed reference) and the whole correlation matrix
     * computed anew, then factorized.
     */
    private static double[] referenceLower(double[] scores, int m, int d) {
        double[][] z = new double[d][];
        for (int j = 0; j < d; j++) {
            z[j] = RankScores.normalScores(Arrays.copyOfRange(scores, j * m, (j + 1) * m));
        }
        double[] c = new double[d * d];
        double[] sd = new double[d];
        double[] mean = new double[d];
        for (int j = 0; j < d; j++) {
            mean[j] = Arrays.stream(z[j]).average().orElse(0);
            double ss = 0;
            for (double v : z[j]) {
                ss += (v - mean[j]) * (v - mean[j]);
            }
            sd[j] = Math.sqrt(ss / m);
        }
        for (int a = 0; a < d; a++) {
            for (int b = 0; b < d; b++) {
                double v = a == b ? 1 : 0;
                if (a != b && sd[a] > 0 && sd[b] > 0) {
                    double cov = 0;
                    for (int r = 0; r < m; r++) {
                        cov += (z[a][r] - mean[a]) * (z[b][r] - mean[b]);
                    }
                    v = cov / m / (sd[a] * sd[b]);
                }
                c[a * d + b] = v;
            }
        }
        return CopulaFit.cholesky(c); // the factorization itself is session 34's, unchanged
    }

    /** Session 34's halving of every replay: a stable sort per round, the best final score of the last round. */
    private static double referenceSum(int s, CopulaDraws.Replays draws, double[] lower) {
        int d = s + 1;
        int keep = draws.keep();
        double[] e = draws.survivors();
        double sum = 0;
        for (int r = 0; r < draws.replays(); r++) {
            int base = r * keep * d;
            Integer[] idx = new Integer[keep];
            for (int p = 0; p < keep; p++) {
                idx[p] = p;
            }
            int alive = keep;
            for (int i = 1; i < s; i++) {
                int rung = i;
                Integer[] round = Arrays.copyOf(idx, alive);
                Arrays.sort(round, java.util.Comparator.comparingDouble(c -> score(lower, e, base + c * d, rung, d)));
                alive = Math.max(1, PLAN.configs(s, i + 1));
                idx = Arrays.copyOf(round, alive);
            }
            double best = Double.POSITIVE_INFINITY;
            for (int c = 0; c < alive; c++) {
                best = Math.min(best, score(lower, e, base + idx[c] * d, s, d));
            }
            sum += best;
        }
        return sum;
    }

    private static double score(double[] lower, double[] e, int at, int j, int d) {
        double acc = 0;
        for (int k = 0; k <= j; k++) {
            acc += lower[j * d + k] * e[at + k];
        }
        return acc;
    }
}
