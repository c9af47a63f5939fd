package dev.tunerd.tuners.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Auto's place among the builtin tuners, per problem and budget, from the regrets {@link QualityBench} saved with
 * {@code -Dbench.save=DIR} (one directory per tuner, one {@code <problem>.tsv} per problem, one line per seed). For
 * each problem and budget it prints the subject's median regret, the two lowest medians among the other tuners
 * saved there, the subject's rank (1 + the number of others with a strictly lower median: a tie counts for the
 * subject) and whether it is "within the best two": its median is at most the second-lowest median of the others.
 * Only tuners run on the same seeds as the subject are compared; a budget a tuner's runs did not reach (NaN) leaves
 * it out of that cell. Run (from the repository root):
 * <pre>java -cp tuners/target/test-classes:... dev.tunerd.tuners.bench.RankTable DIR[,DIR...] [subject, default Auto]</pre>
 * Several directories (seed sets) are pooled per tuner: the table then compares only tuners whose pooled seeds
 * match the subject's. With {@code -Dbench.bootstrap=N} each cell also gets the chance that the subject is within
 * the best two on an unseen set of 20 seeds: N times, 20 of the subject's seeds drawn with replacement, each tuner
 * (every one with runs at that budget) taking its run on each drawn seed where it has one (so a tuner that is the
 * subject's runs up to a budget ties with it, as in the table) and a run drawn from its own pool where not, and the
 * share of draws in which the subject's median is at most the second-lowest of the others'; the sum of the
 * misses' chances is the misses to expect per set.
 * Not a unit test: it reads measurements, it does not assert.
 */
public final class RankTable {
    private RankTable() {
    }

    /** One tuner's regrets on one problem: seeds in file order, [seed][budget]. */
    record Runs(List<Long> seeds, double[][] regret) {
        static Runs read(Path file) {
            try {
                List<Long> seeds = new ArrayList<>();
                List<double[]> rows = new ArrayList<>();
                for (String line : Files.readAllLines(file)) {
                    if (line.isBlank() || line.startsWith("#")) {
                        continue;
                    }
                    String[] f = line.split("\t");
                    seeds.add(Long.parseLong(f[0]));
                    double[] r = new double[f.length - 1];
                    for (int i = 1; i < f.length; i++) {
                        r[i - 1] = Double.parseDouble(f[i]);
                    }
                    rows.add(r);
                }
                return new Runs(seeds, rows.toArray(double[][]::new));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        /** This tuner's runs followed by {@code more}'s. */
        Runs plus(Runs more) {
            List<Long> s = new ArrayList<>(seeds);
            s.addAll(more.seeds());
            double[][] r = java.util.Arrays.copyOf(regret, regret.length + more.regret().length);
            System.arraycopy(more.regret(), 0, r, regret.length, more.regret().length);
            return new Runs(s, r);
        }

        /** The regret at {@code budget} by seed, of the runs that reached it (a seed run twice: its last run). */
        Map<Long, Double> reached(int budget) {
            Map<Long, Double> m = new java.util.LinkedHashMap<>();
            for (int i = 0; i < seeds.size(); i++) {
                if (!Double.isNaN(regret[i][budget])) {
                    m.put(seeds.get(i), regret[i][budget]);
                }
            }
            return m;
        }

        double median(int budget) {
            double[] col = QualityBench.column(regret, budget);
            for (double v : col) {
                if (Double.isNaN(v)) {
                    return Double.NaN;
                }
            }
            return QualityBench.median(col);
        }
    }

    /** A cell of the table: the subject's median against the others'. */
    record Cell(double subject, List<Map.Entry<String, Double>> others) {
        int rank() {
            return 1 + (int) others.stream().filter(e -> e.getValue() < subject).count();
        }

        boolean withinBestTwo() {
            return others.size() < 2 || subject <= others.get(1).getValue();
        }
    }

    static Cell cell(Runs subject, Map<String, Runs> others, int budget) {
        List<Map.Entry<String, Double>> meds = new ArrayList<>();
        for (Map.Entry<String, Runs> e : others.entrySet()) {
            double m = e.getValue().median(budget);
            if (!Double.isNaN(m) && e.getValue().seeds().equals(subject.seeds())) {
                meds.add(Map.entry(e.getKey(), m));
            }
        }
        meds.sort(Map.Entry.comparingByValue(Comparator.naturalOrder()));
        return new Cell(subject.median(budget), meds);
    }

    /**
     * The share of {@code draws} bootstrap draws (20 runs with replacement from each tuner's runs at {@code budget})
     * in which the subject's median is at most the second-lowest median of the others; NaN without two others.
     */
    static double withinShare(Runs subject, Map<String, Runs> others, int budget, int draws, long seed) {
        Map<Long, Double> mine = subject.reached(budget);
        List<Map<Long, Double>> pools = others.values().stream().map(r -> r.reached(budget)).filter(m -> !m.isEmpty())
            .toList();
        if (pools.size() < 2 || mine.isEmpty()) {
            return Double.NaN;
        }
        Long[] seeds = mine.keySet().toArray(Long[]::new);
        List<Double[]> values = pools.stream().map(m -> m.values().toArray(Double[]::new)).toList();
        java.util.SplittableRandom rng = new java.util.SplittableRandom(seed);
        int within = 0;
        double[] meds = new double[pools.size()];
        double[] drawn = new double[BOOTSTRAP_RUNS];
        Long[] chosen = new Long[BOOTSTRAP_RUNS];
        for (int d = 0; d < draws; d++) {
            for (int k = 0; k < chosen.length; k++) {
                chosen[k] = seeds[rng.nextInt(seeds.length)];
                drawn[k] = mine.get(chosen[k]);
            }
            double subjectMedian = QualityBench.median(drawn);
            for (int i = 0; i < meds.length; i++) {
                for (int k = 0; k < chosen.length; k++) {
                    Double v = pools.get(i).get(chosen[k]);
                    drawn[k] = v != null ? v : values.get(i)[rng.nextInt(values.get(i).length)];
                }
                meds[i] = QualityBench.median(drawn);
            }
            java.util.Arrays.sort(meds);
            within += subjectMedian <= meds[1] ? 1 : 0;
        }
        return within / (double) draws;
    }

    /** Runs per tuner in a bootstrap draw: a seed set's size. */
    static final int BOOTSTRAP_RUNS = 20;

    public static void main(String[] args) throws IOException {
        String subject = args.length > 1 ? args[1] : "Auto";
        int draws = Integer.getInteger("bench.bootstrap", 0);
        Map<String, Map<String, Runs>> byProblem = new TreeMap<>(); // problem -> tuner -> runs, pooled over dirs
        TreeSet<String> tunerNames = new TreeSet<>();
        for (String d : args[0].split(",")) {
            Path dir = Path.of(d);
            List<String> tuners;
            try (Stream<Path> s = Files.list(dir)) {
                tuners = s.filter(Files::isDirectory).map(p -> p.getFileName().toString()).sorted().toList();
            }
            tunerNames.addAll(tuners);
            for (String t : tuners) {
                try (Stream<Path> s = Files.list(dir.resolve(t))) {
                    for (Path f : s.filter(p -> p.toString().endsWith(".tsv")).toList()) {
                        String problem = f.getFileName().toString().replace(".tsv", "");
                        byProblem.computeIfAbsent(problem, k -> new TreeMap<>()).merge(t, Runs.read(f), Runs::plus);
                    }
                }
            }
        }
        List<String> tuners = List.copyOf(tunerNames);
        double expectedMisses = 0;
        StringBuilder sb = new StringBuilder();
        sb.append("| problem | budget | ").append(subject)
            .append(" median | best other | second other | rank | within the best two |")
            .append(draws > 0 ? " P(within), bootstrap |\n|---|---|---|---|---|---|---|---|\n"
                : "\n|---|---|---|---|---|---|---|\n");
        int cells = 0;
        int within = 0;
        TreeSet<String> missing = new TreeSet<>();
        for (Map.Entry<String, Map<String, Runs>> e : byProblem.entrySet()) {
            Map<String, Runs> others = new TreeMap<>(e.getValue());
            Runs mine = others.remove(subject);
            if (mine == null) {
                missing.add(e.getKey());
                continue;
            }
            for (int b = 0; b < QualityBench.BUDGETS.length; b++) {
                Cell c = cell(mine, others, b);
                if (Double.isNaN(c.subject())) {
                    continue;
                }
                cells++;
                within += c.withinBestTwo() ? 1 : 0;
                sb.append(String.format(Locale.ROOT, "| %s | %d | %.3g | %s | %s | %d of %d | %s |", e.getKey(),
                    QualityBench.BUDGETS[b], c.subject(), entry(c.others(), 0), entry(c.others(), 1), c.rank(),
                    c.others().size() + 1, c.withinBestTwo() ? "yes" : "**no**"));
                if (draws > 0) {
                    double share = withinShare(mine, others, b, draws, 1L + b);
                    expectedMisses += Double.isNaN(share) ? 0 : 1 - share;
                    sb.append(String.format(Locale.ROOT, " %.2f |", share));
                }
                sb.append('\n');
            }
        }
        sb.append(String.format(Locale.ROOT, "%nwithin the best two in %d of %d cells (tuners: %s)%n", within, cells,
            String.join(", ", tuners)));
        if (draws > 0) {
            sb.append(String.format(Locale.ROOT, "misses to expect on an unseen set of %d seeds (bootstrap, %d draws):"
                + " %.2f%n", BOOTSTRAP_RUNS, draws, expectedMisses));
        }
        if (!missing.isEmpty()) {
            sb.append("no ").append(subject).append(" runs for: ").append(String.join(", ", missing)).append('\n');
        }
        System.out.print(sb);
    }

    private static String entry(List<Map.Entry<String, Double>> meds, int i) {
        return i < meds.size() ? String.format(Locale.ROOT, "%s %.3g", meds.get(i).getKey(), meds.get(i).getValue())
            : "-";
    }
}
