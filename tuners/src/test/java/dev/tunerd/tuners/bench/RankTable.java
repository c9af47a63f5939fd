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
 * <pre>java -cp tuners/target/test-classes:... dev.tunerd.tuners.bench.RankTable DIR [subject, default Auto]</pre>
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

    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args[0]);
        String subject = args.length > 1 ? args[1] : "Auto";
        Map<String, Map<String, Runs>> byProblem = new TreeMap<>(); // problem -> tuner -> runs
        List<String> tuners;
        try (Stream<Path> s = Files.list(dir)) {
            tuners = s.filter(Files::isDirectory).map(p -> p.getFileName().toString()).sorted().toList();
        }
        for (String t : tuners) {
            try (Stream<Path> s = Files.list(dir.resolve(t))) {
                for (Path f : s.filter(p -> p.toString().endsWith(".tsv")).toList()) {
                    String problem = f.getFileName().toString().replace(".tsv", "");
                    byProblem.computeIfAbsent(problem, k -> new TreeMap<>()).put(t, Runs.read(f));
                }
            }
        }
        StringBuilder sb = new StringBuilder();
        sb.append("| problem | budget | ").append(subject)
            .append(" median | best other | second other | rank | within the best two |\n|---|---|---|---|---|---|---|\n");
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
                sb.append(String.format(Locale.ROOT, "| %s | %d | %.3g | %s | %s | %d of %d | %s |%n", e.getKey(),
                    QualityBench.BUDGETS[b], c.subject(), entry(c.others(), 0), entry(c.others(), 1), c.rank(),
                    c.others().size() + 1, c.withinBestTwo() ? "yes" : "**no**"));
            }
        }
        sb.append(String.format(Locale.ROOT, "%nwithin the best two in %d of %d cells (tuners: %s)%n", within, cells,
            String.join(", ", tuners)));
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
