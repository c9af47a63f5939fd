package dev.tunerd.simulator.problem;

import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;

/**
 * How far the order of many configurations at one rung budget predicts their order at the end (issue 13 session 28,
 * for {@link CurveOrder}): values are losses, lower is better; the finals are the noise-free final values the regret
 * is measured on, the rung values what an advisor saw after that many epochs (with the problem's noise). Stateless.
 */
final class RungOrder {
    /** The best 1 % and the best 5 % by final value, whose survival is read. */
    static final double[] TOPS = {0.01, 0.05};

    private RungOrder() {
    }

    /**
     * One rung's reading.
     *
     * @param budget           epochs trained at the rung
     * @param spearman         Spearman's rank correlation of the rung values with the finals, all configurations
     * @param spearmanQuarter  the same within the best quarter by final value
     * @param survival         per share of {@link #TOPS}: the mean probability that a configuration among that best
     *                         share by final value is in the top third of a random group of {@code group}
     *                         configurations (itself and {@code group - 1} others drawn without replacement) by its
     *                         rung value, that is, that a halving at this rung keeps it
     */
    record Reading(int budget, double spearman, double spearmanQuarter, double[] survival) {
    }

    /** The reading at {@code budget} of rung values {@code atRung} against {@code finals} (one per configuration). */
    static Reading read(int budget, double[] atRung, double[] finals, int group) {
        int n = finals.length;
        if (atRung.length != n || group < 3 || group > n) {
            throw new IllegalArgumentException("need as many rung values as finals and 3 <= group <= " + n
                + ", got " + atRung.length + " values and group " + group);
        }
        int[] byFinal = order(finals);
        int[] quarter = Arrays.copyOf(byFinal, Math.max(2, n / 4));
        double[] survival = new double[TOPS.length];
        for (int k = 0; k < TOPS.length; k++) {
            int top = Math.max(1, (int) Math.round(TOPS[k] * n));
            double sum = 0;
            for (int i = 0; i < top; i++) {
                sum += keptInGroup(better(atRung, byFinal[i]), n, group);
            }
            survival[k] = sum / top;
        }
        return new Reading(budget, spearman(atRung, finals), spearman(pick(atRung, quarter), pick(finals, quarter)),
            survival);
    }

    /** How many of {@code values} other than the one at {@code index} are strictly lower (NaN is the worst value). */
    static int better(double[] values, int index) {
        int count = 0;
        for (double v : values) {
            count += Double.compare(v, values[index]) < 0 ? 1 : 0;
        }
        return count;
    }

    /**
     * The probability that a configuration with {@code better} others ahead of it among {@code n} is among the
     * {@code floor(group / 3)} best of a random group of {@code group} containing it (Hyperband's halving at eta = 3):
     * that at most {@code floor(group / 3) - 1} of the {@code group - 1} others drawn without replacement from the
     * {@code n - 1} are ahead (hypergeometric).
     */
    static double keptInGroup(int better, int n, int group) {
        int kept = group / 3;
        int others = n - 1;
        int drawn = group - 1;
        double[] logFactorial = new double[n + 1];
        for (int i = 1; i <= n; i++) {
            logFactorial[i] = logFactorial[i - 1] + Math.log(i);
        }
        double p = 0;
        for (int j = Math.max(0, drawn - (others - better)); j <= Math.min(kept - 1, better); j++) {
            p += Math.exp(logChoose(logFactorial, better, j) + logChoose(logFactorial, others - better, drawn - j)
                - logChoose(logFactorial, others, drawn));
        }
        return Math.min(1, p);
    }

    private static double logChoose(double[] logFactorial, int n, int k) {
        return logFactorial[n] - logFactorial[k] - logFactorial[n - k];
    }

    /** Spearman's rank correlation of {@code x} and {@code y} (tied values share their mean rank). */
    static double spearman(double[] x, double[] y) {
        double[] rx = meanRanks(x);
        double[] ry = meanRanks(y);
        double mean = (x.length - 1) / 2.0;
        double sxy = 0;
        double sxx = 0;
        double syy = 0;
        for (int i = 0; i < x.length; i++) {
            sxy += (rx[i] - mean) * (ry[i] - mean);
            sxx += (rx[i] - mean) * (rx[i] - mean);
            syy += (ry[i] - mean) * (ry[i] - mean);
        }
        return sxx == 0 || syy == 0 ? Double.NaN : sxy / Math.sqrt(sxx * syy);
    }

    /** The 0-based rank of every value, ties given the mean of the ranks they span. */
    static double[] meanRanks(double[] values) {
        int[] order = order(values);
        double[] rank = new double[values.length];
        int from = 0;
        while (from < order.length) {
            int to = from;
            while (to + 1 < order.length && Double.compare(values[order[to + 1]], values[order[from]]) == 0) {
                to++;
            }
            for (int i = from; i <= to; i++) {
                rank[order[i]] = (from + to) / 2.0;
            }
            from = to + 1;
        }
        return rank;
    }

    /** The indices of {@code values} from the lowest value to the highest (NaN last). */
    static int[] order(double[] values) {
        return IntStream.range(0, values.length).boxed()
            .sorted(Comparator.comparingDouble((Integer i) -> values[i]))
            .mapToInt(Integer::intValue).toArray();
    }

    private static double[] pick(double[] values, int[] indices) {
        return Arrays.stream(indices).mapToDouble(i -> values[i]).toArray();
    }
}
