package dev.tunerd.tuners.hyperband;

import dev.tunerd.tuners.model.RankScores;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The Gaussian copula {@link BracketPayoff#screenGain} fits to a bracket's evidence: each column (the trainings' values
 * at one rung the bracket halves at, or their final values) becomes normal scores ({@link RankScores#of}), their
 * Pearson correlation matrix is taken and its lower Cholesky factor returned. Moved here from {@code BracketPayoff}
 * in issue 13 session 35, with one change that keeps every value: a column's normal scores, mean and deviation are
 * kept by the column's values ({@value #KEPT} columns at most, the least recently used go first). The brackets of one
 * look share their columns (bracket {@code s} reads the last {@code s} rungs and the final value, so the four halving
 * brackets of {@code R = 81} read 14 columns, 5 of them distinct, when every training has every value), and the
 * normal scores (a sort and a binary search per value) were a quarter of a bracket's replay. Not thread-safe.
 */
final class CopulaFit {
    /** Columns kept: the brackets of two successive looks at most ({@code sMax + 1} distinct columns each). */
    static final int KEPT = 32;

    private final RankScores rankScores = new RankScores();
    private final Map<Key, Column> columns = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, Column> eldest) {
            return size() > KEPT;
        }
    };
    /** Columns computed rather than found kept, so far (for tests). */
    private long computed;

    /** A column's values, compared by value ({@link Arrays#equals(double[], double[])}: bit patterns of NaNs aside). */
    private record Key(double[] values, int hash) {
        static Key of(double[] values) {
            return new Key(values, Arrays.hashCode(values));
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && k.hash == hash && Arrays.equals(k.values, values);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }

    /** A column's normal scores, with their mean and (population) standard deviation. */
    private record Column(double[] z, double mean, double sd) {
    }

    /**
     * The lower Cholesky factor (row-major, {@code d x d}) of the normal scores' correlation matrix of the {@code d}
     * columns of {@code scores} ({@code m} values each, column by column), shrunk towards the identity until it is
     * definite: what session 34's {@code BracketPayoff} computed, to the bit.
     */
    double[] lower(double[] scores, int m, int d) {
        Column[] cols = new Column[d];
        for (int j = 0; j < d; j++) {
            cols[j] = column(Arrays.copyOfRange(scores, j * m, (j + 1) * m));
        }
        return cholesky(correlation(cols, m));
    }

    /** Columns computed rather than found kept, so far. */
    long computed() {
        return computed;
    }

    private Column column(double[] values) {
        Key key = Key.of(values);
        Column known = columns.get(key);
        if (known != null) {
            return known;
        }
        computed++;
        double[] z = rankScores.of(values);
        double mean = Arrays.stream(z).average().orElse(0);
        double ss = 0;
        for (double v : z) {
            ss += (v - mean) * (v - mean);
        }
        Column c = new Column(z, mean, Math.sqrt(ss / z.length));
        columns.put(key, c);
        return c;
    }

    /**
     * Pearson correlation matrix of the columns (a constant column is uncorrelated), row-major; only the diagonal and
     * the lower triangle, which {@link #cholesky} reads, each entry as the full matrix's was computed.
     */
    private static double[] correlation(Column[] cols, int m) {
        int d = cols.length;
        double[] out = new double[d * d];
        for (int a = 0; a < d; a++) {
            out[a * d + a] = 1;
            for (int b = 0; b < a; b++) {
                double c = 0;
                Column ca = cols[a];
                Column cb = cols[b];
                if (ca.sd > 0 && cb.sd > 0) {
                    double cov = 0;
                    for (int r = 0; r < m; r++) {
                        cov += (ca.z[r] - ca.mean) * (cb.z[r] - cb.mean);
                    }
                    c = cov / m / (ca.sd * cb.sd);
                }
                out[a * d + b] = c;
            }
        }
        return out;
    }

    /**
     * Lower Cholesky factor of a correlation matrix (row-major; only its lower triangle is read), shrunk towards the
     * identity until it is definite.
     */
    static double[] cholesky(double[] c) {
        int d = (int) Math.round(Math.sqrt(c.length));
        for (double shrink = 1e-9; ; shrink *= 10) {
            double[] l = new double[d * d];
            boolean ok = true;
            for (int i = 0; i < d && ok; i++) {
                for (int j = 0; j <= i; j++) {
                    double v = (i == j ? 1 : (1 - shrink) * c[i * d + j]);
                    for (int k = 0; k < j; k++) {
                        v -= l[i * d + k] * l[j * d + k];
                    }
                    if (i == j) {
                        ok = v > 0;
                        l[i * d + i] = ok ? Math.sqrt(v) : 0;
                    } else {
                        l[i * d + j] = v / l[j * d + j];
                    }
                }
            }
            if (ok || shrink >= 1) {
                return l;
            }
        }
    }
}
