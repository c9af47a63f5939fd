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
        Map<String, Map<String, List<MultiFidelityBench.Cell>>> sections = new LinkedHashMap<>();
        for (Map.Entry<String, List<MultiFidelityBench.Cell>> e : MultiFidelityBench.group(cells).entrySet()) {
            String[] key = e.getKey().split("\\|");
            sections.computeIfAbsent(key[0] + "|" + key[1], k -> new LinkedHashMap<>()).put(key[2], e.getValue());
        }
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, Map<String, List<MultiFidelityBench.Cell>>> section : sections.entrySet()) {
            String[] key = section.getKey().split("\\|");
            Map<String, List<MultiFidelityBench.Cell>> byContender = section.getValue();
            sb.append(String.format(Locale.ROOT, "%n### %s, %s worker%s (%d seeds)%n%n", key[0], key[1],
                key[1].equals("1") ? "" : "s", byContender.values().iterator().next().size()));
            sb.append("| algorithm | regret 25% | regret 50% | regret 100% | score 25 / 50 / 100 | median regret 25 /"
                + " 50 / 100% | no full run yet | utilisation | stopped | time at 50% |\n"
                + "|---|---|---|---|---|---|---|---|---|---|\n");
            double[] random = meanRegret(byContender.get("Random"));
            byContender.forEach((label, runs) -> sb.append(row(label, runs, random)));
            sb.append(PairedWithRandom.render(byContender, setSize));
        }
        return sb.toString();
    }

    private static String row(String label, List<MultiFidelityBench.Cell> runs, double[] random) {
        double[] mean = meanRegret(runs);
        StringBuilder sb = new StringBuilder("| ").append(label);
        for (int i = 0; i < 3; i++) {
            sb.append(String.format(Locale.ROOT, " | %.4f ± %.4f", mean[i], sd(runs, i, mean[i])));
        }
        sb.append(" | ");
        for (int i = 0; i < 3; i++) {
            double score = random == null || !(random[i] > 0) ? Double.NaN : 100 * (random[i] - mean[i]) / random[i];
            sb.append(String.format(Locale.ROOT, "%s%.0f", i == 0 ? "" : " / ", score));
        }
        double[] median = medianRegret(runs);
        sb.append(String.format(Locale.ROOT, " | %.4f / %.4f / %.4f", median[0], median[1], median[2]));
        long missing = runs.stream().mapToLong(c -> java.util.stream.IntStream.range(0, 3)
            .filter(i -> Double.isNaN(c.outcome().regretAt()[i])).count()).sum();
        double util = runs.stream().mapToDouble(c -> c.outcome().utilisation()).average().orElse(Double.NaN);
        double stopped = runs.stream().mapToDouble(c -> c.outcome().killed()).average().orElse(Double.NaN);
        double half = runs.stream().mapToDouble(c -> c.outcome().elapsedAtHalf()).average().orElse(Double.NaN);
        sb.append(String.format(Locale.ROOT, " | %d | %.1f%% | %.0f | %.0f |%n", missing, 100 * util, stopped, half));
        return sb.toString();
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
