package dev.tunerd.tuners.bench;

import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.gp.GpRegression;
import dev.tunerd.tuners.model.SurrogateLosses;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a run's first results say about the problem (issue 15, session 11, docs/benchmarks/s11.md "Auto: a model check
 * after Metis's first results"): for each of the nine problems and each daemon seed from {@code -Dbench.seedBase}
 * ({@code -Dbench.seeds} of them), the tuner {@code -Dprobe.tuner} (default Metis, Auto's pick for them) is run for
 * the largest of {@code -Dprobe.k} (default 10,15,20,25) trials, and after each k a GP (Matérn 5/2 ARD, losses
 * log-warped when skewed and standardised) is fitted to the results so far; printed as TSV per problem, seed and k:
 * its mean and smallest log length scale, log noise, leave-one-out R² and the rank correlation of its leave-one-out
 * predictions with the losses, and the losses' skewness. Not a unit test.
 */
public final class AutoSignalProbe {
    /** {@code -Dprobe.dump=true}: also print each trial (X, problem, seed, trial, loss, unit-cube point). */
    private static final boolean DUMP = Boolean.getBoolean("probe.dump");

    public static void main(String[] args) {
        int[] ks = java.util.Arrays.stream(System.getProperty("probe.k", "10,15,20,25").split(","))
            .mapToInt(Integer::parseInt).toArray();
        int maxK = java.util.Arrays.stream(ks).max().getAsInt();
        long base = Long.getLong("bench.seedBase", 56000);
        int seeds = Integer.getInteger("bench.seeds", 20);
        String tuner = System.getProperty("probe.tuner", "Metis");
        System.out.println("problem\tseed\tk\tmeanLogLs\tminLogLs\tlogNoise\tlooR2\tskew\tlooRank");
        for (Problem p : Problem.all()) {
            for (int s = 0; s < seeds; s++) {
                long seed = base + s;
                Driver d = BenchDrivers.all().get(tuner).apply(p.space(), seed);
                List<double[]> xs = new ArrayList<>();
                List<Double> ys = new ArrayList<>();
                for (int t = 1; t <= maxK; t++) {
                    double[] x = d.ask();
                    double y = p.evaluate(x);
                    d.tell(x, y);
                    double[] u = new double[x.length];
                    for (int i = 0; i < u.length; i++) {
                        u[i] = (x[i] - p.low()[i]) / (p.high()[i] - p.low()[i]);
                    }
                    xs.add(u);
                    ys.add(y);
                    if (DUMP) {
                        StringBuilder row = new StringBuilder("X\t" + p.name() + "\t" + seed + "\t" + t + "\t" + y);
                        for (double v : u) {
                            row.append('\t').append(v);
                        }
                        System.out.println(row);
                    }
                    for (int k : ks) {
                        if (k == t) {
                            System.out.println(p.name() + "\t" + seed + "\t" + k + "\t" + signals(xs, ys, seed));
                        }
                    }
                }
            }
        }
    }

    static String signals(List<double[]> xs, List<Double> ys, long seed) {
        int n = xs.size();
        double[][] x = xs.toArray(double[][]::new);
        double[] raw = ys.stream().mapToDouble(Double::doubleValue).toArray();
        double skew = SurrogateLosses.skewness(raw);
        double[] y = raw.clone();
        double lo = java.util.Arrays.stream(y).min().getAsDouble();
        SurrogateLosses.warpIfSkewed(y, lo, 1.5);
        SurrogateLosses.standardise(y, 0);
        GpRegression gp = GpRegression.fit(x, y, 2.5, 1e-6, null, Rng.withSeed(seed));
        if (gp == null) {
            return "NaN\tNaN\tNaN\tNaN\t" + skew + "\tNaN";
        }
        double[] th = gp.theta();
        int dim = x[0].length;
        double mean = 0;
        double min = Double.POSITIVE_INFINITY;
        for (int i = 1; i <= dim; i++) {
            mean += th[i] / dim;
            min = Math.min(min, th[i]);
        }
        double sse = 0;
        double sst = 0;
        double[] pred = new double[n];
        double[] out = new double[2];
        for (int i = 0; i < n; i++) {
            double[][] xm = new double[n - 1][];
            double[] ym = new double[n - 1];
            for (int j = 0, r = 0; j < n; j++) {
                if (j != i) {
                    xm[r] = x[j];
                    ym[r++] = y[j];
                }
            }
            GpRegression g = GpRegression.withTheta(xm, ym, 2.5, th);
            if (g == null) {
                pred[i] = 0;
            } else {
                g.predict(x[i], out, null, null);
                pred[i] = out[0];
            }
            sse += (pred[i] - y[i]) * (pred[i] - y[i]);
            sst += y[i] * y[i];
        }
        // rank correlation of LOO predictions with truth
        double rho = spearman(pred, y);
        return String.format(Locale.ROOT, "%.4f\t%.4f\t%.4f\t%.4f\t%.4f\t%.4f", mean, min, th[dim + 1], 1 - sse / sst,
            skew, rho);
    }

    static double spearman(double[] a, double[] b) {
        double[] ra = ranks(a);
        double[] rb = ranks(b);
        double ma = (a.length - 1) / 2.0;
        double num = 0, da = 0, db = 0;
        for (int i = 0; i < a.length; i++) {
            num += (ra[i] - ma) * (rb[i] - ma);
            da += (ra[i] - ma) * (ra[i] - ma);
            db += (rb[i] - ma) * (rb[i] - ma);
        }
        return num / Math.sqrt(da * db);
    }

    static double[] ranks(double[] v) {
        Integer[] idx = new Integer[v.length];
        for (int i = 0; i < idx.length; i++) {
            idx[i] = i;
        }
        java.util.Arrays.sort(idx, (i, j) -> Double.compare(v[i], v[j]));
        double[] r = new double[v.length];
        for (int i = 0; i < idx.length; i++) {
            r[idx[i]] = i;
        }
        return r;
    }
}
