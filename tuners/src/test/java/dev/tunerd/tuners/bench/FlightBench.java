package dev.tunerd.tuners.bench;

import dev.tunerd.simulator.bench.QualityBench;
import dev.tunerd.simulator.bench.QualityReport;
import dev.tunerd.simulator.problem.Problems;
import dev.tunerd.spi.Tuner;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.LongFunction;

/**
 * {@code tunerd bench quality} in process: the same problems, seeds, trials in flight, Random baseline and report
 * ({@link QualityReport}), with the tuners driven through their API by {@link FlightRun} instead of through a
 * daemon child, so the tables equal the daemon's (see docs/BENCHMARKS.md) in a fraction of the time. Run from the
 * repository root after {@code mvn -o -q -pl tuners -am test-compile}:
 * <pre>java -cp tuners/target/classes:tuners/target/test-classes:tuner-spi/target/classes:simulator/target/classes:\
 * dispatcher-protocol/target/classes dev.tunerd.tuners.bench.FlightBench TPE Anneal</pre>
 * Settings (system properties): {@code bench.trials} (200), {@code bench.seeds} per set (20), {@code bench.sets}
 * (1), {@code bench.firstSeed} (0), {@code bench.concurrency} (trials in flight besides 1, comma-separated, e.g.
 * {@code 4,16}), {@code bench.problems} (default: the nine and {@code mixed}), {@code bench.threads} (2),
 * {@code bench.worst} (the seeds in the tail), {@code bench.sequential} (true; false: of the tuners named only the
 * first also runs sequentially, for variants whose sequential draws are the first one's), {@code bench.perProblem}
 * (the score per set and problem),
 * {@code bench.losses} (the points each problem and its two costliest seeds take off each set), {@code bench.dump}
 * (a file with every run's regret at 50, 100 and the last budget, to score any partition into sets), {@code bench.import}
 * (0; k > 0: a warm start, k random results imported before the first request, {@link FlightRun}). Tuner names are
 * those of {@link FlightTuners}. Not a unit test: it measures, it does not assert.
 */
public final class FlightBench {

    private FlightBench() {
    }

    private record Job(String label, String tuner, int concurrency, String problem, long seed) {
    }

    /** Per arm and problem, the seeds whose regret at the tail budget is not below random search's median. */
    private static void printTailSeeds(QualityBench.Outcome o, List<String> problems, int trials) {
        int b = QualityReport.tailBudget(trials);
        for (String arm : o.bestSoFar().keySet()) {
            StringBuilder sb = new StringBuilder();
            for (String p : problems) {
                double opt = o.optimum().get(p);
                double[] random = dev.tunerd.simulator.bench.RegretStats.regretsAt(o.bestSoFar().get("Random").get(p),
                    b, opt);
                double median = dev.tunerd.simulator.bench.RegretStats.median(random);
                List<double[]> runs = o.bestSoFar().get(arm).get(p);
                for (int i = 0; i < runs.size(); i++) {
                    double r = runs.get(i)[b - 1] - opt;
                    if (r >= median) {
                        sb.append(String.format(java.util.Locale.ROOT, " %s/%d:%.3g(>%.3g)", p, o.seeds().get(i), r,
                            median));
                    }
                }
            }
            System.out.println("tail seeds " + arm + ":" + sb);
        }
    }

    /** One arm's regrets at {@code budget} on problem {@code p}, seed positions {@code from .. to-1}. */
    private static double[] regrets(QualityBench.Outcome o, String arm, String p, int from, int to, int budget) {
        return dev.tunerd.simulator.bench.RegretStats.regretsAt(o.bestSoFar().get(arm).get(p).subList(from, to), budget,
            o.optimum().get(p));
    }

    /**
     * Per arm, seed set and problem, the normalised score at {@code budget} against Random on the same seeds: which
     * problems make a seed set weak (a set's score is the mean of these).
     */
    private static void printProblemScores(QualityBench.Outcome o, List<String> problems, int budget, int perSet) {
        System.out.printf("%nScore per seed set and problem after %d trials%n", budget);
        forEachSet(o, perSet, (arm, from, to) -> {
            StringBuilder sb = new StringBuilder(String.format("%-28s seeds %d..: ", arm, o.seeds().get(from)));
            for (String p : problems) {
                double mine = dev.tunerd.simulator.bench.RegretStats.mean(regrets(o, arm, p, from, to, budget));
                double random = dev.tunerd.simulator.bench.RegretStats.mean(regrets(o, "Random", p, from, to,
                    budget));
                sb.append(String.format(java.util.Locale.ROOT, " %s %.0f", p, 100 * (1 - mine / random)));
            }
            System.out.println(sb);
        });
    }

    private interface SetAction {
        void run(String arm, int from, int to);
    }

    /** Calls {@code action} for every arm but Random and every set of {@code perSet} seed positions. */
    private static void forEachSet(QualityBench.Outcome o, int perSet, SetAction action) {
        for (String arm : o.bestSoFar().keySet()) {
            if (arm.equals("Random")) {
                continue;
            }
            for (int from = 0; from < o.seeds().size(); from += perSet) {
                action.run(arm, from, Math.min(o.seeds().size(), from + perSet));
            }
        }
    }

    /**
     * Per arm, seed set and problem at {@code budget}: the points the problem takes off the set's score (100 minus
     * the score is the sum of these) and the two seeds that take the most, so a weak set shows whether one run
     * decides it ({@code bench.losses=true}). A seed's share is {@code 100 / problems * regret / seeds / Random's mean}
     * (Random's mean regret on the set's seeds).
     */
    private static void printLosses(QualityBench.Outcome o, List<String> problems, int budget, int perSet) {
        System.out.printf("%nPoints lost per seed set and problem after %d trials (the two costliest seeds)%n", budget);
        forEachSet(o, perSet, (arm, from, to) -> {
            StringBuilder sb = new StringBuilder(String.format("%-28s seeds %d..:", arm, o.seeds().get(from)));
            for (String p : problems) {
                double random = dev.tunerd.simulator.bench.RegretStats.mean(regrets(o, "Random", p, from, to,
                    budget));
                double[] mine = regrets(o, arm, p, from, to, budget);
                double unit = 100.0 / problems.size() / mine.length / random;
                double total = 0;
                int first = -1;
                int second = -1;
                for (int i = 0; i < mine.length; i++) {
                    total += mine[i] * unit;
                    if (first < 0 || mine[i] > mine[first]) {
                        second = first;
                        first = i;
                    } else if (second < 0 || mine[i] > mine[second]) {
                        second = i;
                    }
                }
                sb.append(String.format(java.util.Locale.ROOT, " %s -%.2f (%d -%.2f", p, total,
                    o.seeds().get(from + first), mine[first] * unit));
                if (second >= 0) {
                    sb.append(String.format(java.util.Locale.ROOT, ", %d -%.2f", o.seeds().get(from + second),
                        mine[second] * unit));
                }
                sb.append(");");
            }
            System.out.println(sb);
        });
    }

    /**
     * Writes one line per arm, problem and seed: the regret after 50, 100 and the last budget (tab-separated), so
     * that seed sets of any partition can be scored afterwards ({@code bench.dump=FILE}).
     */
    private static void dumpRegrets(QualityBench.Outcome o, List<String> problems, int trials, String file) {
        StringBuilder sb = new StringBuilder();
        for (String arm : o.bestSoFar().keySet()) {
            for (String p : problems) {
                double opt = o.optimum().get(p);
                List<double[]> runs = o.bestSoFar().get(arm).get(p);
                for (int i = 0; i < runs.size(); i++) {
                    double[] r = runs.get(i);
                    sb.append(String.format(java.util.Locale.ROOT, "%s\t%s\t%d\t%.9g\t%.9g\t%.9g%n", arm, p,
                        o.seeds().get(i), r[Math.min(50, trials) - 1] - opt, r[Math.min(100, trials) - 1] - opt,
                        r[trials - 1] - opt));
                }
            }
        }
        try {
            java.nio.file.Files.writeString(java.nio.file.Path.of(file), sb);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    public static void main(String[] args) throws InterruptedException {
        int trials = Integer.getInteger("bench.trials", 200);
        int perSet = Integer.getInteger("bench.seeds", 20);
        int sets = Integer.getInteger("bench.sets", 1);
        long first = Long.getLong("bench.firstSeed", 0L);
        List<Integer> ks = new ArrayList<>(List.of(1));
        for (String k : System.getProperty("bench.concurrency", "").split(",")) {
            if (!k.isBlank() && !ks.contains(Integer.parseInt(k.trim()))) {
                ks.add(Integer.parseInt(k.trim()));
            }
        }
        List<String> problems = new ArrayList<>(Problems.TEXTBOOK);
        problems.add("mixed");
        String chosen = System.getProperty("bench.problems");
        if (chosen != null) {
            problems = Arrays.asList(chosen.split(","));
        }
        List<String> tuners = new ArrayList<>(List.of("Random"));
        Arrays.stream(args).filter(a -> !a.equals("Random")).forEach(tuners::add);
        List<Long> seeds = new ArrayList<>();
        for (long s = first; s < first + (long) perSet * sets; s++) {
            seeds.add(s);
        }
        List<Job> jobs = new ArrayList<>();
        boolean allSequential = Boolean.parseBoolean(System.getProperty("bench.sequential", "true"));
        for (String t : tuners) {
            LongFunction<Tuner> factory = FlightTuners.named(t);
            for (int k : ks) {
                boolean sameSequential = k == 1 && !allSequential && !t.equals("Random") && !t.equals(args[0]);
                if (k > 1 && t.equals("Random") || sameSequential) {
                    continue;
                }
                for (String p : problems) {
                    for (long s : seeds) {
                        jobs.add(new Job(new QualityBench.Arm(t, k).label(), t, k, p, s));
                    }
                }
            }
            factory.apply(0);
        }
        int imports = Integer.getInteger("bench.import", 0);
        long t0 = System.nanoTime();
        ExecutorService pool = Executors.newFixedThreadPool(Integer.getInteger("bench.threads", 2));
        List<Future<double[]>> futures = new ArrayList<>();
        for (Job j : jobs) {
            futures.add(pool.submit(() -> new FlightRun(FlightTuners.named(j.tuner()).apply(j.seed()),
                Problems.create(j.problem(), j.seed()), trials, j.concurrency(), j.seed(), imports).bestSoFar()));
        }
        Map<String, Map<String, List<double[]>>> series = new LinkedHashMap<>();
        Map<String, Double> optimum = new LinkedHashMap<>();
        try {
            for (int i = 0; i < jobs.size(); i++) {
                Job j = jobs.get(i);
                optimum.put(j.problem(), Problems.create(j.problem(), 0).optimum());
                series.computeIfAbsent(j.label(), x -> new LinkedHashMap<>())
                    .computeIfAbsent(j.problem(), x -> new ArrayList<>()).add(futures.get(i).get());
            }
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
        QualityBench.Outcome o = new QualityBench.Outcome(series, Map.of(), optimum, seeds, perSet);
        System.out.print(QualityReport.render(o, problems, trials, seeds.size()));
        if (Boolean.getBoolean("bench.worst")) {
            printTailSeeds(o, problems, trials);
        }
        if (Boolean.getBoolean("bench.losses")) {
            printLosses(o, problems, Math.min(100, trials), perSet);
            if (trials > 100) {
                printLosses(o, problems, trials, perSet);
            }
        }
        if (System.getProperty("bench.dump") != null) {
            dumpRegrets(o, problems, trials, System.getProperty("bench.dump"));
        }
        if (Boolean.getBoolean("bench.perProblem")) {
            printProblemScores(o, problems, Math.min(100, trials), perSet);
            if (trials > 100) {
                printProblemScores(o, problems, trials, perSet);
            }
        }
        System.out.printf("%n(%d runs of %d trials in process in %.1f s; seeds %d..%d)%n", jobs.size(), trials,
            (System.nanoTime() - t0) / 1e9, first, first + seeds.size() - 1);
    }
}
