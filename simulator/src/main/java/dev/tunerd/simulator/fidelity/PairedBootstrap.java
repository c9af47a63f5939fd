package dev.tunerd.simulator.fidelity;

import dev.tunerd.simulator.bench.RegretStats;
import java.util.SplittableRandom;

/**
 * Percentile bootstrap of a mean: resample the values with replacement {@link #RESAMPLES} times, take the mean of
 * each resample, and read the 2.5 and 97.5 percentiles of those means (nearest rank, {@link RegretStats#percentile}:
 * the 100th and the 3,900th of the 4,000 sorted means). The generator starts from {@link #SEED} on
 * every call, so the same values give the same interval, and a report is reproducible byte for byte.
 */
public final class PairedBootstrap {
    /** Resamples per interval. */
    public static final int RESAMPLES = 4000;
    /** The generator's seed, fixed so the report is reproducible. */
    public static final long SEED = 0x7E57_B007L;

    /** A 95 % interval of a mean. */
    public record Interval(double low, double high) {
    }

    private PairedBootstrap() {
    }

    /** The percentile bootstrap 95 % interval of the mean of {@code values}; NaN to NaN for no values. */
    public static Interval interval95(double[] values) {
        int n = values.length;
        if (n == 0) {
            return new Interval(Double.NaN, Double.NaN);
        }
        SplittableRandom rng = new SplittableRandom(SEED);
        double[] means = new double[RESAMPLES];
        for (int b = 0; b < RESAMPLES; b++) {
            double sum = 0;
            for (int i = 0; i < n; i++) {
                sum += values[rng.nextInt(n)];
            }
            means[b] = sum / n;
        }
        return new Interval(RegretStats.percentile(means, 0.025), RegretStats.percentile(means, 0.975));
    }
}
