package dev.tunerd.tuners.bench;

import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.tuners.anneal.AnnealAdditions;
import dev.tunerd.tuners.anneal.Exploration;
import dev.tunerd.tuners.anneal.Restarts;
import dev.tunerd.tuners.anneal.SpreadLimit;
import dev.tunerd.tuners.tpe.TpeArgs;
import dev.tunerd.tuners.tpe.kernel.ExplorationFloor;
import dev.tunerd.tuners.tpe.kernel.LocalRefine;
import dev.tunerd.tuners.tpe.kernel.TpeSettings;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * The in-process quality benchmark of docs/BENCHMARKS.md section 1: each tuner kernel on the nine problems, seeds
 * 0..19, 200 sequential trials; prints the median simple regret at 50/100/200 and the normalised score against
 * uniform random search. Run (from the repository root, after {@code mvn -o -q -pl tuners -am test-compile}):
 * <pre>java -cp tuners/target/classes:tuners/target/test-classes:tuner-spi/target/classes \
 *     dev.tunerd.tuners.bench.QualityBench Random TPE TPE-NNI Anneal Evolution [--mixed]</pre>
 * Not a unit test: it measures, it does not assert.
 */
public final class QualityBench {
    static final int SEEDS = Integer.getInteger("bench.seeds", 20);
    static final int TRIALS = Integer.getInteger("bench.trials", 200);
    static final long SEED_BASE = Long.getLong("bench.seedBase", 0L);
    /**
     * {@code -Dbench.daemonSeeds=true}: the seeds and baseline of {@code tunerd bench quality} (seed s, plus the seed
     * base, for every problem; Random is NNI's Random tuner with that seed), so a whole tuner driven here
     * ({@code Anneal-tuner}, {@code TPE-tuner}) reproduces the daemon's figures exactly. Off: seed
     * {@code s * 7919 + problem + base} and the {@code Random} kernel driver.
     */
    static final boolean DAEMON_SEEDS = Boolean.getBoolean("bench.daemonSeeds");
    // -Dbench.perSeed=true also prints each seed's regret at the last budget
    static final int[] BUDGETS = {50, 100, 200};

    private QualityBench() {
    }

    /**
     * TPE's default settings, each overridable by a system property for tuning ({@code -Dtpe.bw=0.1},
     * {@code -Dtpe.floor=0 -Dtpe.stall=0.3} for the exploration floor, {@code -Dtpe.div} for the diversity rule, {@code -Dtpe.ref=0} without the local step,
     * {@code -Dtpe.gp=0.3 -Dtpe.gpStall -Dtpe.gpCap -Dtpe.gpKappa} for the model probe).
     */
    static TpeSettings tpeSettings() {
        TpeArgs d = TpeArgs.defaults();
        return new TpeSettings(Integer.getInteger("tpe.startup", d.nStartupJobs()),
            Integer.getInteger("tpe.ei", d.nEiCandidates()), Integer.getInteger("tpe.lf", d.linearForgetting()),
            dbl("tpe.prior", d.priorWeight()), dbl("tpe.gsqrt", 0), dbl("tpe.glin", TpeArgs.LINEAR_GAMMA),
            dbl("tpe.bw", TpeArgs.BANDWIDTH_FACTOR), TpeArgs.BAD_CAP, dbl("tpe.uni", TpeArgs.INDEPENDENT_SHARE),
            Integer.getInteger("tpe.unifrom", TpeArgs.INDEPENDENT_AFTER), TpeSettings.Liar.NONE,
            dbl("tpe.div", TpeArgs.DIVERSITY), new ExplorationFloor(dbl("tpe.floor", TpeArgs.FLOOR.share()),
            dbl("tpe.stall", TpeArgs.FLOOR.stall()), dbl("tpe.floorTol", TpeArgs.FLOOR.tolerance())),
            dbl("tpe.uniK", TpeArgs.INDEPENDENT_IN_FLIGHT),
            dbl("tpe.goodK", TpeArgs.GOOD_IN_FLIGHT), TpeArgs.BASIN, new LocalRefine(dbl("tpe.ref", TpeArgs.REFINE.share()),
            TpeArgs.REFINE.after(), TpeArgs.REFINE.scale(), TpeArgs.REFINE.top(), TpeArgs.REFINE.flip()),
            TpeArgs.SPREAD, dbl("tpe.badW", TpeArgs.IN_FLIGHT_BAD), TpeArgs.PORTFOLIO,
            TpeArgs.FLIGHT_REFINE, new dev.tunerd.tuners.tpe.kernel.ModelProbe(dbl("tpe.gp", TpeArgs.PROBE.share()),
            dbl("tpe.gpStall", TpeArgs.PROBE.stall()), Integer.getInteger("tpe.gpCap", TpeArgs.PROBE.cap()),
            dbl("tpe.gpKappa", TpeArgs.PROBE.kappa()), Boolean.parseBoolean(System.getProperty("tpe.gpLean",
            String.valueOf(TpeArgs.PROBE.lean()))), Boolean.parseBoolean(System.getProperty("tpe.gpOwn",
            String.valueOf(TpeArgs.PROBE.own()))), Integer.getInteger("tpe.gpFirst", TpeArgs.PROBE.firstFit()),
            Integer.getInteger("tpe.gpRows", TpeArgs.PROBE.firstRows()), TpeArgs.PROBE.first(),
            TpeArgs.PROBE.fitSteps()));
    }

    /** Anneal's exploration, overridable for tuning ({@code -Danneal.share=0.2 -Danneal.after=20 -Danneal.wide=0.05}). */
    static Exploration exploration() {
        Exploration d = Exploration.DEFAULT;
        return new Exploration(dbl("anneal.share", d.share()), Integer.getInteger("anneal.after", d.after()),
            dbl("anneal.wide", d.wideFactor()));
    }

    /**
     * Anneal's additions, each overridable for tuning: {@link #exploration()}, the scout chain
     * ({@code -Dscout.share=0.2 -Dscout.after=20 -Dscout.length=40 -Dscout.patience=10}) and the spread limit
     * ({@code -Dspread.best=10 -Dspread.after=20}).
     */
    static AnnealAdditions annealAdditions() {
        Restarts r = Restarts.DEFAULT;
        SpreadLimit l = SpreadLimit.DEFAULT;
        return new AnnealAdditions(exploration(), new Restarts(dbl("scout.share", r.share()),
            Integer.getInteger("scout.after", r.after()), Integer.getInteger("scout.length", r.length()),
            Integer.getInteger("scout.patience", r.patience())), new SpreadLimit(
            Integer.getInteger("spread.best", l.best()), Integer.getInteger("spread.after", l.after())));
    }

    static double dbl(String key, double dflt) {
        String v = System.getProperty(key);
        return v == null ? dflt : Double.parseDouble(v);
    }

    /** Regret after each budget, [problem][seed][budget]. */
    static double[][][] run(BiFunction<SearchSpace, Long, Driver> factory, BenchProblem[] problems) {
        double[][][] out = new double[problems.length][SEEDS][BUDGETS.length];
        for (double[][] perProblem : out) {
            for (double[] perSeed : perProblem) {
                Arrays.fill(perSeed, Double.NaN); // a budget beyond the run's length stays NaN (not measured)
            }
        }
        for (int p = 0; p < problems.length; p++) {
            BenchProblem pr = problems[p];
            SearchSpace space = pr.space();
            for (int s = 0; s < SEEDS; s++) {
                Driver d = factory.apply(space, DAEMON_SEEDS ? s + SEED_BASE : (long) s * 7919 + p + SEED_BASE);
                double bestSoFar = Double.POSITIVE_INFINITY;
                int b = 0;
                for (int t = 1; t <= TRIALS; t++) {
                    double[] x = d.ask();
                    double y = pr.evaluate(x);
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

    /**
     * @param args tuner names (default Random TPE); {@code --mixed} switches to this bench's mixed conditional
     *             problem ({@link MixedProblem}), {@code --mixed-daemon} to the daemon bench's {@code mixed} (another
     *             space and function: {@code tunerd bench quality --problems mixed})
     */
    public static void main(String[] args) {
        List<String> list = new java.util.ArrayList<>(Arrays.asList(args));
        boolean mixed = list.remove("--mixed");
        boolean daemonMixed = list.remove("--mixed-daemon");
        BenchProblem[] problems = daemonMixed
            ? new BenchProblem[] {new SimulatorProblem(new dev.tunerd.simulator.problem.MixedSpaceProblem())}
            : mixed ? new BenchProblem[] {new MixedProblem()} : Problem.all();
        String only = System.getProperty("bench.problems");
        if (only != null) {
            List<String> keep = Arrays.asList(only.split(","));
            problems = Arrays.stream(problems).filter(p -> keep.contains(p.name())).toArray(BenchProblem[]::new);
        }
        Map<String, BiFunction<SearchSpace, Long, Driver>> all = BenchDrivers.all();
        String baseline = DAEMON_SEEDS ? "Random-tuner" : "Random";
        double[][][] random = run(all.get(baseline), problems);
        List<String> names = list.isEmpty() ? List.of("Random", "TPE") : list;
        for (String name : names) {
            if (name.startsWith("SMAC-args/")) {
                all.put(name, BenchDrivers.smacVariant(name.substring("SMAC-args/".length())));
            }
            if (!all.containsKey(name)) {
                throw new IllegalArgumentException("unknown tuner " + name + "; known: " + all.keySet());
            }
            long t0 = System.nanoTime();
            double[][][] r = name.equals(baseline) ? random : run(all.get(name), problems);
            report(name, problems, r, random, (System.nanoTime() - t0) / 1e9);
            save(name, problems, r);
        }
    }

    /**
     * {@code -Dbench.save=DIR}: each tuner's regrets go to {@code DIR/<tuner>/<problem>.tsv}, one line per seed
     * (the seed, then the regret at each of {@link #BUDGETS}), for {@link RankTable} to compare runs made apart.
     */
    static void save(String name, BenchProblem[] problems, double[][][] r) {
        String dir = System.getProperty("bench.save");
        if (dir == null) {
            return;
        }
        try {
            java.nio.file.Path d = java.nio.file.Path.of(dir, name);
            java.nio.file.Files.createDirectories(d);
            for (int p = 0; p < problems.length; p++) {
                StringBuilder sb = new StringBuilder("# seed");
                for (int b : BUDGETS) {
                    sb.append("\tregret@").append(b);
                }
                sb.append('\n');
                for (int s = 0; s < r[p].length; s++) {
                    sb.append(DAEMON_SEEDS ? s + SEED_BASE : (long) s * 7919 + p + SEED_BASE);
                    for (double v : r[p][s]) {
                        sb.append('\t').append(v);
                    }
                    sb.append('\n');
                }
                java.nio.file.Files.writeString(d.resolve(problems[p].name() + ".tsv"), sb);
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    static void report(String name, BenchProblem[] problems, double[][][] r, double[][][] random, double secs) {
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
            if (Boolean.getBoolean("bench.perSeed")) {
                sb.append(String.format(Locale.ROOT, "%n    regret per seed at %d:", BUDGETS[BUDGETS.length - 1]));
                for (double v : column(r[p], BUDGETS.length - 1)) {
                    sb.append(String.format(Locale.ROOT, " %.3g", v));
                }
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
}
