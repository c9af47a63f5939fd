package dev.tunerd.tuners.hyperband;

import java.util.HashMap;
import java.util.Map;

/**
 * The later rounds of {@link BracketPayoff#screenGain}'s replays (issue 13 session 35): each replay's first-round
 * survivors ({@link CopulaDraws}) are halved on their scores at the bracket's later rungs (a row of the copula's
 * Cholesky factor times their draws), and the best final score among the last round's survivors is the replay's
 * outcome. The draws are the same at every look at a bracket once the evidence's size is steady; only the factor
 * changes, and a training more or less among a hundred moves it little, so most replays keep the same survivors.
 *
 * <p>So each replay's kept configurations from the last time it was halved in full are kept, per round: those kept
 * first, then those dropped. At the next look, a round whose kept ones all score strictly below all its dropped ones
 * (on the new factor) keeps the same set as a full halving would, whatever the order the full halving would have
 * read them in (no tie at the cut, so its stable order decides nothing); when every round passes, the replay's
 * outcome is the minimum of the last round's scores, a minimum being the same in any order. Otherwise (a cut
 * crossed, a tie, a NaN) the replay is halved in full as before, with {@link StableOrder}, and its sets are kept
 * anew. The sum over the replays is therefore the full halving's, bit for bit (each score is the same expression;
 * the replays are summed in their order). Measured on a {@code plateau} run at 1,000 observations with one worker,
 * about 89 % of the replays kept their sets from one look to the next. Not thread-safe; not in the snapshot (a
 * restored tuner halves in full once).
 */
final class ReplayHalving {
    private final BracketPlan plan;
    /** Per bracket, the kept sets of its replays and the draws they were halved on. */
    private final Map<Integer, Kept> byBracket = new HashMap<>();
    /** Replays whose sets held, and replays halved in full, so far (for tests). */
    private long reused;
    private long halved;

    /**
     * A bracket's kept sets: the draws' generator seed and shape ({@link CopulaDraws.Replays#fits}), then per replay
     * {@code width} configurations, round after round (round {@code i}: its {@code alive[i]} configurations, the
     * {@code keeps[i]} kept first), and whether the replay has been halved in full on these draws yet.
     */
    private record Kept(long seed, CopulaDraws.Replays draws, int width, int[] sets, boolean[] valid) {
    }

    ReplayHalving(BracketPlan plan) {
        this.plan = plan;
    }

    /**
     * The sum over the replays of {@code draws} of the best (smallest) final score among the survivors of bracket
     * {@code s}'s last round, halved on the scores that the Cholesky factor {@code lower} ({@code (s + 1)^2},
     * row-major) gives; {@code seed}: the draws' generator seed.
     */
    double sumOfBests(long seed, CopulaDraws.Replays draws, int s, double[] lower) {
        int d = s + 1;
        int keep = draws.keep();
        int[] keeps = new int[Math.max(1, s)]; // survivors of round i (i >= 1), as BracketPayoff always halved
        int[] alive = new int[Math.max(1, s)]; // configurations round i halves
        int width = 0;
        for (int i = 1; i < s; i++) {
            alive[i] = i == 1 ? keep : keeps[i - 1];
            keeps[i] = Math.max(1, plan.configs(s, i + 1));
            width += alive[i];
        }
        Kept kept = kept(seed, draws, s, width);
        double[] e = draws.survivors();
        int[] idx = new int[keep];
        double[] score = new double[keep];
        int[] order = new int[keep];
        boolean[] isKept = new boolean[keep];
        double sum = 0;
        for (int r = 0; r < draws.replays(); r++) {
            int base = r * keep * d;
            int at = r * width;
            if (kept.valid[r] && setsHold(kept.sets, at, alive, keeps, s, lower, e, base, d)) {
                reused++;
            } else {
                halved++;
                halve(kept.sets, at, alive, keeps, s, lower, e, base, d, idx, score, order, isKept);
                kept.valid[r] = true;
            }
            int last = s > 1 ? at + width - alive[s - 1] : -1; // the last round's kept, first in its place
            int survivors = s > 1 ? keeps[s - 1] : keep;
            double best = Double.POSITIVE_INFINITY;
            for (int c = 0; c < survivors; c++) {
                int config = last < 0 ? c : kept.sets[last + c];
                best = Math.min(best, score(lower, e, base + config * d, s, d));
            }
            sum += best;
        }
        return sum;
    }

    /** The kept sets of bracket {@code s} for these draws, new (none valid) if they were kept for other draws. */
    private Kept kept(long seed, CopulaDraws.Replays draws, int s, int width) {
        Kept k = byBracket.get(s);
        if (k != null && k.seed == seed && k.width == width && (k.draws == draws || k.draws.fits(draws.replays(),
            draws.start(), draws.d(), draws.keep(), draws.scale()))) {
            return k;
        }
        k = new Kept(seed, draws, width, new int[draws.replays() * width], new boolean[draws.replays()]);
        byBracket.put(s, k);
        return k;
    }

    /** Whether, in every round of the replay at {@code at}, the kept configurations all score below the dropped. */
    private static boolean setsHold(int[] sets, int at, int[] alive, int[] keeps, int s, double[] lower, double[] e,
                                    int base, int d) {
        int o = at;
        for (int i = 1; i < s; i++) {
            double worstKept = Double.NEGATIVE_INFINITY;
            double bestDropped = Double.POSITIVE_INFINITY;
            boolean nan = false; // NaN is in no order by < and >: a round with one is halved in full
            for (int p = 0; p < keeps[i]; p++) {
                double v = score(lower, e, base + sets[o + p] * d, i, d);
                worstKept = v > worstKept ? v : worstKept;
                nan |= v != v;
            }
            for (int p = keeps[i]; p < alive[i]; p++) {
                double v = score(lower, e, base + sets[o + p] * d, i, d);
                bestDropped = v < bestDropped ? v : bestDropped;
                nan |= v != v;
            }
            if (nan || !(worstKept < bestDropped)) {
                return false; // a tie at the cut (zeros of both signs included) fails too
            }
            o += alive[i];
        }
        return true;
    }

    /**
     * Halves the replay at {@code at} in full (keeping the best {@code keeps[i]} by their score at each round, in the
     * stable order of those scores: session 34's halving) and writes its sets there.
     */
    private static void halve(int[] sets, int at, int[] alive, int[] keeps, int s, double[] lower, double[] e,
                              int base, int d, int[] idx, double[] score, int[] order, boolean[] isKept) {
        for (int p = 0; p < idx.length; p++) {
            idx[p] = p;
        }
        int o = at;
        for (int i = 1; i < s; i++) {
            int n = alive[i];
            int k = keeps[i];
            System.arraycopy(idx, 0, order, 0, n); // the round's configurations, in the order halving reads them
            for (int p = 0; p < n; p++) {
                score[p] = score(lower, e, base + idx[p] * d, i, d);
            }
            StableOrder.firsts(idx, score, n, k);
            System.arraycopy(idx, 0, sets, o, k);
            for (int q = 0; q < k; q++) {
                isKept[idx[q]] = true;
            }
            int w = o + k;
            for (int p = 0; p < n; p++) { // then the dropped ones
                if (!isKept[order[p]]) {
                    sets[w++] = order[p];
                }
            }
            for (int q = 0; q < k; q++) {
                isKept[idx[q]] = false;
            }
            o += n;
        }
    }

    /**
     * A configuration's score at rung {@code j} of the copula's replay: row {@code j} of the Cholesky factor
     * {@code lower} times its draws {@code e[at ..]}, summed in order (a score is only computed where a replay reads it).
     */
    static double score(double[] lower, double[] e, int at, int j, int d) {
        double acc = 0;
        for (int k = 0; k <= j; k++) {
            acc += lower[j * d + k] * e[at + k];
        }
        return acc;
    }

    /** Replays whose kept sets held, so far. */
    long reused() {
        return reused;
    }

    /** Replays halved in full, so far. */
    long halved() {
        return halved;
    }
}
