package dev.tunerd.tuners.hyperband;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.model.RankScores;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What the payoff check keeps between decisions (issue 13 session 24): {@link BracketPayoff}'s last answers, the
 * replays' draws ({@link CopulaDraws}) and the stable selection that halves them ({@link StableOrder}). Each must give
 * what a fresh computation gives, whatever was asked before.
 */
class BracketPayoffCachesTest {
    private static final BracketPlan PLAN = BracketPlan.hyperband(81, 3); // sMax 4: rungs at 1, 3, 9, 27

    /** {@code n} full trainings with early values {@code f + noise * (draw)} at each rung, final {@code f}. */
    private static List<double[]> evidence(long seed, int n, double noise) {
        Rng rng = Rng.withSeed(seed);
        List<double[]> out = new ArrayList<>();
        for (int j = 0; j < n; j++) {
            double f = rng.nextDouble();
            double[] c = new double[PLAN.sMax() + 1];
            for (int k = 0; k < PLAN.sMax(); k++) {
                c[k] = f + noise * rng.nextGaussian();
            }
            c[PLAN.sMax()] = f;
            out.add(c);
        }
        return out;
    }

    private static BracketPayoff screening() {
        return new BracketPayoff(PLAN, PayoffSettings.replay(0.2).withScreenMargin(0.1).withEarlyMargin(0.9));
    }

    /**
     * One instance asked about many evidence sets in turn (sizes 4 to 100, every bracket, each set twice, interleaved)
     * answers as a fresh instance asked once: no answer, draw or survivor of one set leaks into another's.
     */
    @Test
    void aWarmCheckAnswersAsAFreshOneWhateverWasAskedBefore() {
        BracketPayoff warm = screening();
        List<List<double[]>> sets = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            sets.add(evidence(24000 + i, 4 + (i * 37) % 97, 0.05 + 0.1 * (i % 4)));
        }
        for (int round = 0; round < 2; round++) {
            for (List<double[]> curves : sets) {
                for (int s = PLAN.sMax(); s >= 1; s--) {
                    BracketPayoff fresh = screening();
                    List<double[]> usable = fresh.usable(curves, s);
                    assertEquals(fresh.screenGain(usable, s), warm.screenGain(warm.usable(curves, s), s), 0.0,
                        "gain, " + curves.size() + " trainings, bracket " + s);
                    assertEquals(screening().pays(curves, s, true), warm.pays(curves, s, true));
                    assertEquals(screening().pays(curves, s, false), warm.pays(curves, s, false));
                }
            }
        }
    }

    /**
     * A list changed in place (a training's values replaced) is new evidence: the answer kept for the same list
     * object must not be given again (it is kept with the values it read, not with the list).
     */
    @Test
    void evidenceChangedInPlaceIsAnsweredAnew() {
        BracketPayoff p = new BracketPayoff(PLAN, PayoffSettings.replay(0.1));
        List<double[]> curves = new ArrayList<>();
        for (int j = 0; j < 20; j++) {
            double f = (j * 7) % 20;
            curves.add(new double[] {5 + f, 5 + f, 5 + f, 5 + f, f});
        }
        double gain = p.screenGain(p.usable(curves, 4), 4);
        assertTrue(p.pays(curves, 4), "early ranks that hold");
        for (double[] c : curves) {
            for (int k = 0; k < 4; k++) {
                c[k] = 5 - c[4]; // now reversed
            }
        }
        assertFalse(p.pays(curves, 4), "the same list, reversed ranks: the worst survive");
        assertTrue(p.screenGain(p.usable(curves, 4), 4) < gain, "reversed ranks screen worse");
        assertEquals(new BracketPayoff(PLAN, PayoffSettings.replay(0.1)).screenGain(p.usable(curves, 4), 4),
            p.screenGain(p.usable(curves, 4), 4), 0.0);
    }

    /**
     * The kept replays are the generator's own sequence ({@code d} draws per configuration, {@code start} per replay),
     * each replay's survivors of its first round those a stable sort on the first draw puts first, in its order: also
     * after other streams pushed them out of the cache, and for shapes where draws tie.
     */
    @Test
    void theKeptReplaysAreTheGeneratorsSequenceHalvedByAStableSort() {
        CopulaDraws draws = new CopulaDraws();
        int[][] shapes = {{256, 81, 5, 27}, {64, 34, 4, 11}, {16, 8, 2, 2}, {16, 5, 1, 5}};
        for (int pass = 0; pass < 2; pass++) {
            for (long seed = 0; seed < 40; seed++) { // 40 of the largest shape hold more than the cache keeps
                int[] shape = shapes[(int) (seed % shapes.length)];
                double scale = seed % 7 == 3 ? 0.0 : 1.0; // 0: every first-rung score ties
                CopulaDraws.Replays kept = draws.replays(seed, shape[0], shape[1], shape[2], shape[3], scale);
                assertArrayEquals(sequential(seed, shape, scale), kept.survivors(), "seed " + seed);
            }
        }
    }

    /** The survivors' draws as screenGain computed them before session 24: every draw in order, a boxed sort. */
    private static double[] sequential(long seed, int[] shape, double scale) {
        int replays = shape[0];
        int start = shape[1];
        int d = shape[2];
        int keep = shape[3];
        Rng rng = Rng.withSeed(seed);
        double[] out = new double[replays * keep * d];
        for (int r = 0; r < replays; r++) {
            double[][] x = new double[start][d];
            Integer[] idx = new Integer[start];
            for (int c = 0; c < start; c++) {
                for (int j = 0; j < d; j++) {
                    x[c][j] = rng.nextGaussian();
                }
                idx[c] = c;
            }
            Arrays.sort(idx, Comparator.comparingDouble(c -> 0 + scale * x[c][0]));
            for (int p = 0; p < keep; p++) {
                System.arraycopy(x[idx[p]], 0, out, (r * keep + p) * d, d);
            }
        }
        return out;
    }

    /** The first places of the stable selection are those of a boxed stable sort, ties and signed zeros included. */
    @Test
    void theSelectionKeepsTheFirstPlacesOfAStableSort() {
        Rng rng = Rng.withSeed(24001);
        double[] values = {-1, -0.0, 0.0, 0.5, 2, Double.NEGATIVE_INFINITY};
        for (int trial = 0; trial < 500; trial++) {
            int n = 1 + rng.nextInt(90);
            int keep = 1 + rng.nextInt(n);
            double[] keys = new double[n];
            int[] idx = new int[n];
            for (int i = 0; i < n; i++) {
                keys[i] = trial % 2 == 0 ? values[rng.nextInt(values.length)] : rng.nextGaussian();
                idx[i] = n - 1 - i; // any indices: the selection carries them along
            }
            Integer[] order = new Integer[n];
            for (int i = 0; i < n; i++) {
                order[i] = i;
            }
            double[] k = keys.clone();
            Arrays.sort(order, Comparator.comparingDouble(i -> k[i]));
            int[] expected = new int[keep];
            for (int p = 0; p < keep; p++) {
                expected[p] = idx[order[p]];
            }
            StableOrder.firsts(idx, keys, n, keep);
            assertArrayEquals(expected, Arrays.copyOf(idx, keep), "n " + n + ", keep " + keep);
        }
    }

    /**
     * The ranks' scores from the kept quantiles and a primitive sort equal {@link RankScores#normalScores}, bit for
     * bit, ties, zeros of both signs and NaNs included, also after another length was asked.
     */
    @Test
    void theRankScoresEqualTheNormalScores() {
        RankScores scores = new RankScores();
        Rng rng = Rng.withSeed(24002);
        double[] values = {-1, -0.0, 0.0, 0.5, 2, Double.NaN};
        for (int trial = 0; trial < 300; trial++) {
            int n = 1 + rng.nextInt(100);
            double[] v = new double[n];
            for (int i = 0; i < n; i++) {
                v[i] = trial % 3 == 0 ? rng.nextGaussian() : values[rng.nextInt(trial % 3 == 1 ? 5 : 6)];
            }
            assertArrayEquals(RankScores.normalScores(v), scores.of(v), "trial " + trial);
        }
    }
}
