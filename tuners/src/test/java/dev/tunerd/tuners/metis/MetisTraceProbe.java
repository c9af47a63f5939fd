package dev.tunerd.tuners.metis;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.tuners.bench.Problem;
import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.gp.GpClassArgs;
import dev.tunerd.tuners.gp.GpTuner;
import dev.tunerd.tuners.model.NumericCube;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Throwaway probe (docs/benchmarks/s19.md, session 19's Auto section): Metis's first {@code probe.trials} trials of one
 * problem, trial by trial, against the GP tuner's on the same seeds. Metis's sampler is driven directly with the
 * generator {@code HistoryTuner} gives it, so its runs are the benchmark's; the GP through its public face. One line
 * per trial to stderr: tuner, seed, trial, where the point came from (Metis), its regret, the best regret so far, its
 * distance to the incumbent and to the nearest earlier point (unit cube), how many coordinates are at a bound (within
 * 0.01), and on styblinski5 how many are in the shallow well (x > 0); Metis's fitted length scales at trials 20, 30,
 * 40, 50. {@code -Dbench.seedBase}, {@code -Dbench.seeds}, {@code -Dprobe.problem}, {@code -Dprobe.trials}, and the
 * settings of the {@code Metis-args} driver ({@code -Dmetis.*}). Not a unit test: it measures, it does not assert.
 */
public final class MetisTraceProbe {
    private MetisTraceProbe() {
    }

    public static void main(String[] args) throws Exception {
        long base = Long.getLong("bench.seedBase", 140000L);
        int seeds = Integer.getInteger("bench.seeds", 20);
        int trials = Integer.getInteger("probe.trials", 50);
        String name = System.getProperty("probe.problem", "styblinski5");
        boolean withGp = !Boolean.getBoolean("probe.noGp");
        Problem problem = null;
        for (Problem p : Problem.all()) {
            if (p.name().equals(name)) {
                problem = p;
            }
        }
        if (problem == null) {
            throw new IllegalArgumentException("no problem " + name);
        }
        System.err.println("# tuner seed trial source regret best dInc dNear atBound shallow");
        for (int i = 0; i < seeds; i++) {
            long seed = base + i;
            metis(problem, seed, trials);
            if (withGp) {
                gp(problem, seed, trials);
            }
        }
    }

    private static void metis(Problem problem, long seed, int trials) {
        SearchSpace space = problem.space();
        NumericCube cube = new NumericCube(space);
        MetisClassArgs a = new MetisClassArgs(OptimizeMode.MINIMIZE, null, null, Integer.getInteger("metis.starts"),
            Integer.getInteger("metis.cold"), dbl("metis.explore"), seed);
        MetisSampler sampler = new MetisSampler(cube, a, dev.tunerd.tuners.bench.BenchDrivers.metisSettings(),
            new Rng(seed));
        List<double[]> us = new ArrayList<>();
        double best = Double.POSITIVE_INFINITY;
        double[] bestU = null;
        for (int t = 1; t <= trials; t++) {
            double[] x = sampler.suggest(List.of());
            double regret = problem.evaluate(x) - problem.optimum();
            double[] u = cube.encode(x);
            line("Metis", seed, t, sampler.lastSource().name(), regret, Math.min(best, regret), u, bestU, us, x);
            if (regret < best) {
                best = regret;
                bestU = u;
            }
            us.add(u);
            sampler.observe(x, regret + problem.optimum());
            if (t % 10 == 0 && t >= 20) {
                double[] th = sampler.fittedTheta();
                StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "#theta Metis %d %d", seed, t));
                if (th != null) {
                    for (double v : th) {
                        sb.append(String.format(Locale.ROOT, " %.3f", Math.exp(v)));
                    }
                }
                System.err.println(sb);
            }
        }
    }

    private static void gp(Problem problem, long seed, int trials) throws Exception {
        SearchSpace space = problem.space();
        NumericCube cube = new NumericCube(space);
        GpTuner tuner = new GpTuner(AlgorithmContext.standalone(), new GpClassArgs(OptimizeMode.MINIMIZE, seed));
        tuner.updateSearchSpace(space.raw());
        List<double[]> us = new ArrayList<>();
        double best = Double.POSITIVE_INFINITY;
        double[] bestU = null;
        for (int t = 1; t <= trials; t++) {
            JsonObject p = (JsonObject) tuner.generateParameters(t);
            double[] x = space.deformat(p);
            double loss = problem.evaluate(x);
            double regret = loss - problem.optimum();
            double[] u = cube.encode(x);
            line("GP", seed, t, "-", regret, Math.min(best, regret), u, bestU, us, x);
            if (regret < best) {
                best = regret;
                bestU = u;
            }
            us.add(u);
            tuner.receiveTrialResult(new TrialResult(t, p, JsonFloat.of(loss), false, Optional.empty()));
            tuner.trialEnd(t, true);
        }
    }

    private static void line(String tuner, long seed, int t, String source, double regret, double best, double[] u,
                             double[] bestU, List<double[]> earlier, double[] x) {
        double near = Double.NaN;
        for (double[] e : earlier) {
            double d = distance(u, e);
            near = Double.isNaN(near) ? d : Math.min(near, d);
        }
        int atBound = 0;
        int shallow = 0;
        for (int c = 0; c < u.length; c++) {
            atBound += u[c] < 0.01 || u[c] > 0.99 ? 1 : 0;
            shallow += x[c] > 0 ? 1 : 0;
        }
        System.err.println(String.format(Locale.ROOT, "%s %d %d %s %.4g %.4g %.3f %.3f %d %d", tuner, seed, t, source,
            regret, best, bestU == null ? Double.NaN : distance(u, bestU), near, atBound, shallow));
    }

    private static double distance(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += (a[i] - b[i]) * (a[i] - b[i]);
        }
        return Math.sqrt(s);
    }

    private static Double dbl(String key) {
        String v = System.getProperty(key);
        return v == null ? null : Double.valueOf(v);
    }
}
