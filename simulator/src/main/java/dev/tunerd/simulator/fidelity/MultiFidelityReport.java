package dev.tunerd.simulator.fidelity;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The Markdown tables of the multi-fidelity benchmark: per problem and worker count, for each contender the mean
 * true regret (and its standard deviation over seeds) at 25 / 50 / 100% of the epoch budget, the normalised score
 * against random search with full trainings (0) and the optimum (100) from those means (the reference's definition),
 * the median regret (the statistic of the quality bench's tables, robust to the few seeds that dominate a mean), runs without any full training yet at a
 * checkpoint, worker utilisation, trials stopped, and the virtual time (epochs per worker) at half the budget; after
 * each, the table paired with random search on the same seeds ({@link PairedWithRandom}).
 */
public final class MultiFidelityReport {
    private static final String[] AT = {"25%", "50%", "100%"};
    /** The table's column heads. */
    static final List<String> HEAD = List.of("algorithm", "regret 25%", "regret 50%", "regret 100%",
        "score 25 / 50 / 100", "median regret 25 / 50 / 100%", "no full run yet", "utilisation", "stopped",
        "time at 50%");

    private MultiFidelityReport() {
    }

    /** The tables with all seeds in one set. */
    public static String render(List<MultiFidelityBench.Cell> cells) {
        return render(cells, 0);
    }

    /**
     * Per problem and worker count, the table of every contender, then the table paired with random search
     * ({@link PairedWithRandom}) whose set counts take consecutive sets of {@code setSize} seeds (0: all seeds in one
     * set).
     */
    public static String render(List<MultiFidelityBench.Cell> cells, int setSize) {
        StringBuilder sb = new StringBuilder();
        for (Section section : sections(cells)) {
            Map<String, List<MultiFidelityBench.Cell>> byContender = section.byContender();
            sb.append(String.format(Locale.ROOT, "%n### %s%n%n", section.title()));
            sb.append("| ").append(String.join(" | ", HEAD)).append(" |\n").append("|---".repeat(HEAD.size()))
                .append("|\n");
            rows(byContender).forEach(cellsOfRow -> sb.append(String.format(Locale.ROOT, "| %s |%n",
                String.join(" | ", cellsOfRow))));
            sb.append(PairedWithRandom.render(byContender, setSize));
        }
        return sb.toString();
    }

    /**
     * The runs of one problem and worker count, by contender label in plan order.
     *
     * @param problem     the problem's name
     * @param workers     the worker count
     * @param byContender the runs by contender label
     */
    record Section(String problem, int workers, Map<String, List<MultiFidelityBench.Cell>> byContender) {
        /** "curves, 4 workers (20 seeds)". */
        String title() {
            return String.format(Locale.ROOT, "%s, %d worker%s (%d seeds)", problem, workers, workers == 1 ? "" : "s",
                byContender.values().iterator().next().size());
        }
    }

    /** The cells grouped by problem and worker count, in the order they first appear. */
    static List<Section> sections(List<MultiFidelityBench.Cell> cells) {
        Map<List<Object>, Map<String, List<MultiFidelityBench.Cell>>> grouped = new LinkedHashMap<>();
        for (MultiFidelityBench.Cell c : cells) {
            grouped.computeIfAbsent(List.of(c.problem(), c.workers()), k -> new LinkedHashMap<>())
                .computeIfAbsent(c.contender(), k -> new ArrayList<>()).add(c);
        }
        List<Section> out = new ArrayList<>();
        grouped.forEach((key, byContender) -> out.add(new Section((String) key.get(0), (Integer) key.get(1),
            byContender)));
        return out;
    }

    /** The table's rows (cells as printed) of one section, one per contender in plan order. */
    static List<List<String>> rows(Map<String, List<MultiFidelityBench.Cell>> byContender) {
        double[] random = meanRegret(byContender.get("Random"));
        List<List<String>> out = new ArrayList<>();
        byContender.forEach((label, runs) -> out.add(row(label, runs, random)));
        return out;
    }

    private static List<String> row(String label, List<MultiFidelityBench.Cell> runs, double[] random) {
        double[] mean = meanRegret(runs);
        List<String> cells = new ArrayList<>(List.of(label));
        for (int i = 0; i < 3; i++) {
            cells.add(String.format(Locale.ROOT, "%.4f ± %.4f", mean[i], sd(runs, i, mean[i])));
        }
        StringBuilder scores = new StringBuilder();
        for (int i = 0; i < 3; i++) {
            double score = random == null || !(random[i] > 0) ? Double.NaN : 100 * (random[i] - mean[i]) / random[i];
            scores.append(String.format(Locale.ROOT, "%s%.0f", i == 0 ? "" : " / ", score));
        }
        cells.add(scores.toString());
        double[] median = medianRegret(runs);
        cells.add(String.format(Locale.ROOT, "%.4f / %.4f / %.4f", median[0], median[1], median[2]));
        long missing = runs.stream().mapToLong(c -> java.util.stream.IntStream.range(0, 3)
            .filter(i -> Double.isNaN(c.outcome().regretAt()[i])).count()).sum();
        double util = runs.stream().mapToDouble(c -> c.outcome().utilisation()).average().orElse(Double.NaN);
        double stopped = runs.stream().mapToDouble(c -> c.outcome().killed()).average().orElse(Double.NaN);
        double half = runs.stream().mapToDouble(c -> c.outcome().elapsedAtHalf()).average().orElse(Double.NaN);
        cells.add(Long.toString(missing));
        cells.add(String.format(Locale.ROOT, "%.1f%%", 100 * util));
        cells.add(String.format(Locale.ROOT, "%.0f", stopped));
        cells.add(String.format(Locale.ROOT, "%.0f", half));
        return cells;
    }

    /** Mean regret per checkpoint over the runs that had an incumbent there. */
    static double[] meanRegret(List<MultiFidelityBench.Cell> runs) {
        if (runs == null) {
            return null;
        }
        double[] out = new double[3];
        for (int i = 0; i < 3; i++) {
            List<Double> v = new ArrayList<>();
            for (MultiFidelityBench.Cell c : runs) {
                double r = c.outcome().regretAt()[i];
                if (!Double.isNaN(r)) {
                    v.add(r);
                }
            }
            out[i] = v.stream().mapToDouble(d -> d).average().orElse(Double.NaN);
        }
        return out;
    }

    /** Median regret per checkpoint over the runs that had an incumbent there (the quality bench's statistic). */
    static double[] medianRegret(List<MultiFidelityBench.Cell> runs) {
        double[] out = new double[3];
        for (int i = 0; i < 3; i++) {
            final int at = i;
            double[] v = runs.stream().mapToDouble(c -> c.outcome().regretAt()[at]).filter(d -> !Double.isNaN(d))
                .sorted().toArray();
            out[i] = v.length == 0 ? Double.NaN : v.length % 2 == 1 ? v[v.length / 2]
                : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
        }
        return out;
    }

    private static double sd(List<MultiFidelityBench.Cell> runs, int i, double mean) {
        double s = 0;
        int n = 0;
        for (MultiFidelityBench.Cell c : runs) {
            double r = c.outcome().regretAt()[i];
            if (!Double.isNaN(r)) {
                s += (r - mean) * (r - mean);
                n++;
            }
        }
        return n > 1 ? Math.sqrt(s / (n - 1)) : 0;
    }

    /**
     * One line per run (contender, problem, workers, seed, regret at 25/50/100%, trials, full trainings, stops, then
     * the regret at a third and at three quarters).
     */
    public static String perRunCsv(List<MultiFidelityBench.Cell> cells) {
        StringBuilder sb = new StringBuilder("contender,problem,workers,seed,regret25,regret50,regret100,trials,full,"
            + "stopped,regret33,regret75\n");
        for (MultiFidelityBench.Cell c : cells) {
            double[] r = c.outcome().regretAt();
            sb.append(String.format(Locale.ROOT, "%s,%s,%d,%d,%.6f,%.6f,%.6f,%d,%d,%d,%.6f,%.6f%n", c.contender(),
                c.problem(), c.workers(), c.seed(), r[0], r[1], r[2], c.outcome().trials(), c.outcome().fullTrainings(),
                c.outcome().killed(), r.length > 3 ? r[3] : Double.NaN, r.length > 4 ? r[4] : Double.NaN));
        }
        return sb.toString();
    }

    /** The header line naming the checkpoints, for callers that print their own. */
    static String checkpoints() {
        return String.join(" / ", AT);
    }
}
