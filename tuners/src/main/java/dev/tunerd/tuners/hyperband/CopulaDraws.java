package dev.tunerd.tuners.hyperband;

import dev.tunerd.tuners.common.Rng;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The standard normal draws of {@link BracketPayoff#screenGain}'s replays that a replay can read, kept by the
 * generator's seed (issue 13 session 24). The seed is a function of the number of usable trainings and the bracket, so
 * once the evidence's window is full every look at a bracket replays the same draws on another correlation matrix,
 * and drawing them (Box-Muller through a logarithm, a root and a cosine each, about 100,000 for the largest bracket at
 * {@code R = 81}) was most of a decision's time. The first rung's score of a configuration is its first draw times the
 * Cholesky factor's first entry, which is 1 for every correlation matrix, so who survives a replay's first round does
 * not depend on the evidence either: only the survivors' draws are kept, in the order the replay's stable sort gives
 * them (a third of the draws at {@code eta = 3}, read in order). At most {@link #KEPT} values are kept (the least
 * recently used streams go first; a larger one is computed and not kept). Only the draws a replay reads are
 * computed ({@link #STEP}): every configuration's first one and the survivors' others. Not thread-safe; not in the
 * snapshot (a restored tuner computes them again).
 */
final class CopulaDraws {
    /**
     * Values kept at most (2 MB per tuner): the largest bracket at {@code R = 81} keeps about 35,000 for a seed, all
     * four halving brackets about 50,000, and once the window is full the seeds no longer change, so the streams of
     * smaller evidence pushed out first are not asked again.
     */
    static final int KEPT = 1 << 18;

    /**
     * Per replay, the {@code keep} configurations with the smallest first-rung score {@code 0 + scale * (first draw)}
     * among the replay's {@code start}, in the stable order of those scores, each with its {@code d} draws: {@code
     * survivors[(r * keep + p) * d + j]} is draw {@code j} of replay {@code r}'s {@code p}-th survivor. The generator
     * gives {@code d} draws per configuration, {@code start} configurations per replay.
     */
    record Replays(double[] survivors, int replays, int start, int d, int keep, double scale) {
        boolean fits(int replays, int start, int d, int keep, double scale) {
            return this.replays == replays && this.start == start && this.d == d && this.keep == keep
                && Double.compare(this.scale, scale) == 0;
        }
    }

    /**
     * The generator's step: its state grows by this at every {@code long} it gives ({@link Rng} is SplitMix64), and a
     * normal draw takes two, so draw {@code k} of a stream is the first draw of the generator whose state is the
     * stream's origin plus {@code 2 k} steps: a replay computes only the draws it reads (a configuration's first one,
     * and a first-round survivor's others). Read from the generator, and checked against its own sequence below.
     */
    private static final long STEP = step();

    private static long step() {
        Rng probe = new Rng(0);
        probe.nextLong();
        long step = probe.state();
        Rng stream = Rng.withSeed(42);
        long origin = stream.state();
        for (int k = 0; k < 3; k++) {
            double expected = stream.nextGaussian();
            if (Double.compare(new Rng(origin + 2L * k * step).nextGaussian(), expected) != 0) {
                throw new IllegalStateException("Rng no longer steps its state by a constant per long");
            }
        }
        return step;
    }

    /** Draw {@code k} of the normal draws of the generator whose state is {@code origin}. */
    private static double draw(long origin, long k) {
        return new Rng(origin + 2 * k * STEP).nextGaussian();
    }

    private final LinkedHashMap<Long, Replays> bySeed = new LinkedHashMap<>(16, 0.75f, true);
    private long held;

    /** The replays of {@code Rng.withSeed(seed)} (see {@link Replays}); not to be modified. */
    Replays replays(long seed, int replays, int start, int d, int keep, double scale) {
        Replays kept = bySeed.get(seed);
        if (kept != null && kept.fits(replays, start, d, keep, scale)) {
            return kept;
        }
        long origin = Rng.withSeed(seed).state();
        double[] survivors = new double[replays * keep * d];
        int[] idx = new int[start];
        double[] score = new double[start];
        for (int r = 0; r < replays; r++) {
            long first = (long) r * start * d; // the replay's first draw
            for (int c = 0; c < start; c++) {
                idx[c] = c;
                double acc = 0; // as BracketPayoff scores a configuration at a rung, here the first one
                acc += scale * draw(origin, first + (long) c * d);
                score[c] = acc;
            }
            StableOrder.firsts(idx, score, start, keep);
            for (int p = 0; p < keep; p++) {
                int at = (r * keep + p) * d;
                for (int j = 0; j < d; j++) {
                    survivors[at + j] = draw(origin, first + (long) idx[p] * d + j);
                }
            }
        }
        Replays out = new Replays(survivors, replays, start, d, keep, scale);
        if (survivors.length <= KEPT) {
            if (kept != null) {
                bySeed.remove(seed);
                held -= kept.survivors().length;
            }
            bySeed.put(seed, out);
            held += survivors.length;
            for (Iterator<Map.Entry<Long, Replays>> it = bySeed.entrySet().iterator(); held > KEPT; ) {
                held -= it.next().getValue().survivors().length;
                it.remove();
            }
        }
        return out;
    }
}
