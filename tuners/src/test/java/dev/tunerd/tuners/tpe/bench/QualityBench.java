package dev.tunerd.tuners.tpe.bench;

import dev.tunerd.spi.space.ParameterSpec;
import dev.tunerd.tuners.tpe.kernel.TpeSampler;
import dev.tunerd.tuners.tpe.kernel.TpeSettings;
import dev.tunerd.tuners.tpe.math.Rng;
import dev.tunerd.tuners.tpe.math.UnitSpace;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * The in-process quality benchmark of docs/BENCHMARKS.md section 1: each tuner kernel on the nine problems, seeds
 * 0..19, 200 sequential trials; prints the median simple regret at 50/100/200 and the normalised score against
 * uniform random search. Run (from the repository root, after {@code mvn -o -q -pl tuners -am test-compile}):
 * <pre>java -cp tuners/target/classes:tuners/target/test-classes:tuner-spi/target/classes \
 *     dev.tunerd.tuners.tpe.bench.QualityBench TPE Anneal Evolution</pre>
 * Not a unit test: it measures, it does not assert.
 */
public final class QualityBench {
    static final int SEEDS = Integer.getInteger("bench.seeds", 20);
    static final int TRIALS = 200;
    static final long SEED_BASE = Long.getLong("bench.seedBase", 0L);
    static final int[] BUDGETS = {50, 100, 200};

    private QualityBench() {
    }

    public static Map<String, BiFunction<List<ParameterSpec>, Long, Driver>> drivers() {
        Map<String, BiFunction<List<ParameterSpec>, Long, Driver>> m = new LinkedHashMap<>();
        m.put("Random", RandomDriver::new);
        m.put("TPE", (specs, seed) -> tpe(specs, seed, tpeSettings()));
        m.put("TPE-NNI", (specs, seed) -> tpe(specs, seed, new TpeSettings(20, 24, 25, 1.0, 0.25, 0, 0.2, 1024, 1.0, 0,
            TpeSettings.Liar.BEST)));
        BenchDrivers.register(m);
        return m;
    }

    static TpeSettings tpeSettings() {
        return new TpeSettings(Integer.getInteger("tpe.startup", 5), Integer.getInteger("tpe.ei", 24),
            Integer.getInteger("tpe.lf", 25), dbl("tpe.prior", 1.0), dbl("tpe.gsqrt", 0), dbl("tpe.glin", 0.15),
            dbl("tpe.bw", 0.05), 1024, dbl("tpe.uni", 0.3),
            Integer.getInteger("tpe.unifrom", 60), TpeSettings.Liar.BEST);
    }

    static double dbl(String key, double dflt) {
        String v = System.getProperty(key);
        return v == null ? dflt : Double.parseDouble(v);
    }

    static Driver tpe(List<ParameterSpec> specs, long seed, TpeSettings s) {
        TpeSampler sampler = new TpeSampler(new UnitSpace(specs), s, new Rng(seed));
        return new Driver() {
            @Override
            public double[] ask() {
                return sampler.suggest(List.of());
            }

            @Override
            public void tell(double[] internal, double loss) {
                sampler.observe(internal, loss);
            }
        };
    }

    /** Regret after each budget, [problem][seed][budget]. */
    static double[][][] run(BiFunction<List<ParameterSpec>, Long, Driver> factory, Problem[] problems) {
        double[][][] out = new double[problems.length][SEEDS][BUDGETS.length];
        for (int p = 0; p < problems.length; p++) {
            Problem pr = problems[p];
            for (int s = 0; s < SEEDS; s++) {
                Driver d = factory.apply(Specs.of(pr), (long) s * 7919 + p + SEED_BASE);
                double bestSoFar = Double.POSITIVE_INFINITY;
                int b = 0;
                for (int t = 1; t <= TRIALS; t++) {
                    double[] x = d.ask();
                    double y = pr.value(x);
                    d.tell(x, y);
                    bestSoFar = Math.min(bestSoFar, y);
                    if (b < BUDGETS.length && t == BUDGETS[b]) {
                        out[p][s][b++] = Math.max(0, bestSoFar - pr.optimum());
                    }
                }
            }
        }
        return out;
    }

    public static void main(String[] args) {
        Problem[] problems = Problem.all();
        Map<String, BiFunction<List<ParameterSpec>, Long, Driver>> all = drivers();
        double[][][] random = run(all.get("Random"), problems);
        List<String> names = args.length == 0 ? List.of("Random", "TPE") : Arrays.asList(args);
        for (String name : names) {
            long t0 = System.nanoTime();
            double[][][] r = name.equals("Random") ? random : run(all.get(name), problems);
            report(name, problems, r, random, (System.nanoTime() - t0) / 1e9);
        }
    }

    static void report(String name, Problem[] problems, double[][][] r, double[][][] random, double secs) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%-12s (%.1fs)%n", name, secs));
        double[] score = new double[BUDGETS.length];
        for (int p = 0; p < problems.length; p++) {
            sb.append(String.format(Locale.ROOT, "  %-12s", problems[p].name()));
            for (int b = 0; b < BUDGETS.length; b++) {
                double[] col = column(r[p], b);
                double rel = mean(col) / mean(column(random[p], b));
                score[b] += 100 * (1 - rel) / problems.length;
                sb.append(String.format(Locale.ROOT, "  @%d med %-10.4g mean %-10.4g (%5.1f)", BUDGETS[b],
                    median(col), mean(col), 100 * (1 - rel)));
            }
            sb.append('\n');
        }
        sb.append(String.format(Locale.ROOT, "  SCORE %-10s @50 %.1f  @100 %.1f  @200 %.1f%n", name, score[0],
            score[1], score[2]));
        System.out.print(sb);
    }

    static double[] column(double[][] rows, int b) {
        double[] c = new double[rows.length];
        for (int i = 0; i < rows.length; i++) {
            c[i] = rows[i][b];
        }
        return c;
    }

    static double mean(double[] v) {
        return Arrays.stream(v).average().orElse(Double.NaN);
    }

    static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : 0.5 * (s[n / 2 - 1] + s[n / 2]);
    }

    /** Uniform random search in internal space: the baseline of the normalised score. */
    static final class RandomDriver implements Driver {
        private final List<ParameterSpec> specs;
        private final Rng rng;

        RandomDriver(List<ParameterSpec> specs, long seed) {
            this.specs = specs;
            this.rng = new Rng(seed ^ 0x5DEECE66DL);
        }

        @Override
        public double[] ask() {
            double[] x = new double[specs.size()];
            for (int i = 0; i < x.length; i++) {
                x[i] = specs.get(i).low() + rng.nextDouble() * (specs.get(i).high() - specs.get(i).low());
            }
            return x;
        }

        @Override
        public void tell(double[] internal, double loss) {
        }
    }
}
