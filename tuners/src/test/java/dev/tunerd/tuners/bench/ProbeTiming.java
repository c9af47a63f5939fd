package dev.tunerd.tuners.bench;

import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.gp.FirstProbe;
import dev.tunerd.tuners.gp.GpProbe;
import dev.tunerd.tuners.model.UnitSpace;
import dev.tunerd.tuners.tpe.TpeArgs;
import dev.tunerd.tuners.tpe.kernel.TpeSampler;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The cost of one model probe of TPE ({@code ModelProbe}) next to one of TPE's own suggestions, on hartmann6 with n
 * random observations (thread CPU time, ms). A probe is timed on a fresh GP, so its hyper-parameter fit is included
 * (the costliest probe of a run: later probes reuse the fit until the observations grow by a tenth), then a second
 * probe on the same GP (the fit reused). Run (same
 * classpath as {@link FlightBench}): <pre>java … dev.tunerd.tuners.bench.ProbeTiming 150 100,1000,5000 8</pre>
 * (the GP's cap, the histories, probes per history). Not a unit test: it measures, it does not assert.
 */
public final class ProbeTiming {
    /** The GP's lean schedule and search ({@code -Dtpe.gpLean=true}); default: the default probe's. */
    private static final boolean LEAN = Boolean.parseBoolean(System.getProperty("tpe.gpLean",
        String.valueOf(TpeArgs.PROBE.lean())));
    /** L-BFGS iterations of the lean first fit ({@code -Dtpe.gpFirst=0}); default: the default probe's. */
    private static final int FIRST_FIT = Integer.getInteger("tpe.gpFirst", TpeArgs.PROBE.firstFit());
    /** Rows of the lean first fit ({@code -Dtpe.gpRows=25}); default: the default probe's. */
    private static final int FIRST_ROWS = Integer.getInteger("tpe.gpRows", TpeArgs.PROBE.firstRows());

    private ProbeTiming() {
    }

    public static void main(String[] args) {
        int cap = Integer.parseInt(args[0]);
        int[] histories = Arrays.stream(args[1].split(",")).mapToInt(Integer::parseInt).toArray();
        int probes = Integer.parseInt(args[2]);
        Problem h6 = Problem.all()[4];
        UnitSpace space = new UnitSpace(h6.space().parameters());
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        for (int round = 0; round < 2; round++) {
            for (int n : histories) {
                double[][] xs = new double[n][];
                double[] ys = new double[n];
                Rng data = new Rng(n);
                for (int i = 0; i < n; i++) {
                    xs[i] = new double[h6.dims()];
                    for (int j = 0; j < h6.dims(); j++) {
                        xs[i][j] = data.nextDouble();
                    }
                    ys[i] = h6.value(xs[i]);
                }
                TpeSampler tpe = new TpeSampler(space, TpeArgs.defaults().settings(), new Rng(1));
                for (int i = 0; i < n; i++) {
                    tpe.observe(xs[i], ys[i]);
                }
                double[] own = new double[5 * probes];
                for (int k = 0; k < own.length; k++) {
                    long c0 = mx.getCurrentThreadCpuTime();
                    tpe.suggest(List.of());
                    own[k] = (mx.getCurrentThreadCpuTime() - c0) / 1e6;
                }
                double[] probe = new double[probes];
                double[] again = new double[probes];
                for (int k = 0; k < probes; k++) {
                    GpProbe gp = new GpProbe(space, "ei", 0, cap, LEAN, new FirstProbe(FIRST_FIT, FIRST_ROWS, TpeArgs.PROBE.first()),
                        new Rng(k));
                    for (int i = 0; i < n; i++) {
                        gp.observe(xs[i], ys[i]);
                    }
                    long c0 = mx.getCurrentThreadCpuTime();
                    gp.suggest(List.of());
                    probe[k] = (mx.getCurrentThreadCpuTime() - c0) / 1e6;
                    c0 = mx.getCurrentThreadCpuTime();
                    gp.suggest(List.of());
                    again[k] = (mx.getCurrentThreadCpuTime() - c0) / 1e6;
                }
                if (round == 1) {
                    print("n=" + n + " TPE suggestion", own);
                    print("n=" + n + " probe (fit included)", probe);
                    print("n=" + n + " probe (fitted before)", again);
                }
            }
        }
    }

    private static void print(String label, double[] ms) {
        double[] s = ms.clone();
        Arrays.sort(s);
        System.out.printf(Locale.ROOT, "%s: mean %.2f, median %.2f, max %.2f ms (%d)%n", label,
            Arrays.stream(ms).average().orElse(0), s[s.length / 2], s[s.length - 1], s.length);
    }
}
