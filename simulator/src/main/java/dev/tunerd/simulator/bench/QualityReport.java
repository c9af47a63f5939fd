package dev.tunerd.simulator.bench;

import dev.tunerd.simulator.problem.Problems;
import dev.tunerd.simulator.report.Numbers;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Renders a {@link QualityBench.Outcome} as Markdown tables: median simple regret per problem at each budget, with
 * the reference rows of BENCHMARKS.md under ours where the reference has that budget, and the normalised scores
 * beside the reference scores; with trials in flight, each such arm's score minus its tuner's sequential score;
 * with several seed sets, the score of every set and their spread; and the tail, the 90th percentile of regret per
 * problem after 100 trials next to random search's median. Stateless.
 */
public final class QualityReport {

    private QualityReport() {
    }

    /** The budgets reported for a run length: 50, 100, 200 where they fit, and the run length itself. */
    public static List<Integer> budgets(int trials) {
        List<Integer> out = new ArrayList<>();
        for (int b : new int[] {50, 100, 200}) {
            if (b <= trials) {
                out.add(b);
            }
        }
        if (!out.contains(trials)) {
            out.add(trials);
        }
        return out;
    }

    /** The budget of the tail figure: 100 trials, or the run length when shorter. */
    public static int tailBudget(int trials) {
        return Math.min(TAIL_BUDGET, trials);
    }

    private static final int TAIL_BUDGET = 100;
    private static final double TAIL_QUANTILE = 0.9;

    /**
     * @param seeds the number of seeds run (every seed of every set)
     */
    public static String render(QualityBench.Outcome o, List<String> problems, int trials, int seeds) {
        StringBuilder sb = new StringBuilder();
        for (int budget : budgets(trials)) {
            sb.append(String.format("%n### Median simple regret after %d trials (%d seeds)%n%n", budget, seeds));
            header(sb, "tuner", problems);
            o.bestSoFar().forEach((tuner, byProblem) -> {
                List<String> cells = new ArrayList<>();
                for (String p : problems) {
                    cells.add(Numbers.format(RegretStats.median(RegretStats.regretsAt(byProblem.get(p), budget,
                        o.optimum().get(p)))));
                }
                row(sb, "tunerd " + tuner, cells);
            });
            referenceRows(sb, ReferenceFigures.medianRegret(budget), problems);
        }
        scores(sb, o, trials);
        inFlightGaps(sb, o, trials);
        seedSets(sb, o, trials);
        tail(sb, o, problems, trials);
        o.failures().forEach((t, why) -> sb.append(String.format("%n%s failed and is left out: %s%n", t, why)));
        return sb.toString();
    }

    private static void scores(StringBuilder sb, QualityBench.Outcome o, int trials) {
        Map<String, Map<String, List<double[]>>> all = o.bestSoFar();
        String random = randomLabel(o);
        if (random == null) {
            sb.append(String.format("%nNo normalised scores: the Random runs failed.%n"));
            return;
        }
        List<Integer> budgets = budgets(trials);
        sb.append(String.format("%n### Normalised score (0 = random search, 100 = optimum every time)%n%n"));
        header(sb, "tuner", budgets.stream().map(b -> "@" + b).toList());
        for (String tuner : all.keySet()) {
            List<String> cells = new ArrayList<>();
            for (int b : budgets) {
                cells.add(Numbers.format(RegretStats.normalisedScore(meanRegrets(all.get(tuner), b, o),
                    meanRegrets(all.get(random), b, o))));
            }
            row(sb, "tunerd " + tuner, cells);
        }
        ReferenceFigures.NORMALISED_SCORE.forEach((name, values) -> {
            List<String> cells = new ArrayList<>();
            for (int b : budgets) {
                int column = b == 50 ? 0 : b == 100 ? 1 : b == 200 ? 2 : -1;
                cells.add(column < 0 || Double.isNaN(values[column]) ? "–" : Numbers.format(values[column]));
            }
            row(sb, "ref: " + name, cells);
        });
        sb.append(String.format("%nReference scores are over the nine textbook problems; ours over the problems "
            + "run.%n"));
    }

    private static Map<String, Double> meanRegrets(Map<String, List<double[]>> byProblem, int budget,
                                                   QualityBench.Outcome o) {
        return meanRegrets(byProblem, budget, o, 0, Integer.MAX_VALUE);
    }

    /** Mean regret per problem over the runs {@code from .. to-1} (seed positions) only. */
    private static Map<String, Double> meanRegrets(Map<String, List<double[]>> byProblem, int budget,
                                                   QualityBench.Outcome o, int from, int to) {
        Map<String, Double> out = new LinkedHashMap<>();
        byProblem.forEach((p, runs) -> out.put(p, RegretStats.mean(RegretStats.regretsAt(
            runs.subList(Math.min(from, runs.size()), Math.min(to, runs.size())), budget, o.optimum().get(p)))));
        return out;
    }

    /**
     * The normalised score of one arm against Random over the seed positions {@code from .. to-1}; NaN without
     * Random.
     */
    public static double score(QualityBench.Outcome o, String arm, int budget, int from, int to) {
        String random = randomLabel(o);
        if (random == null || !o.bestSoFar().containsKey(arm)) {
            return Double.NaN;
        }
        return RegretStats.normalisedScore(meanRegrets(o.bestSoFar().get(arm), budget, o, from, to),
            meanRegrets(o.bestSoFar().get(random), budget, o, from, to));
    }

    private static String randomLabel(QualityBench.Outcome o) {
        return o.bestSoFar().keySet().stream().filter(t -> t.equalsIgnoreCase("Random")).findFirst().orElse(null);
    }

    /** Arms with trials in flight: their score minus the score of the same tuner run sequentially. */
    private static void inFlightGaps(StringBuilder sb, QualityBench.Outcome o, int trials) {
        List<Integer> budgets = budgets(trials);
        List<String[]> pairs = new ArrayList<>();
        for (String arm : o.bestSoFar().keySet()) {
            int cut = arm.indexOf(", ");
            if (cut > 0 && arm.endsWith(" in flight") && o.bestSoFar().containsKey(arm.substring(0, cut))) {
                pairs.add(new String[] {arm, arm.substring(0, cut)});
            }
        }
        if (pairs.isEmpty() || randomLabel(o) == null) {
            return;
        }
        sb.append(String.format("%n### Trials in flight: score minus the same tuner's sequential score%n%n"));
        header(sb, "tuner", budgets.stream().map(b -> "@" + b).toList());
        for (String[] pair : pairs) {
            List<String> cells = new ArrayList<>();
            for (int b : budgets) {
                double gap = score(o, pair[0], b, 0, Integer.MAX_VALUE) - score(o, pair[1], b, 0, Integer.MAX_VALUE);
                cells.add(String.format(java.util.Locale.ROOT, "%+.1f", gap));
            }
            row(sb, "tunerd " + pair[0], cells);
        }
    }

    /** With several seed sets: the score of every set, its lowest and highest and their difference. */
    private static void seedSets(StringBuilder sb, QualityBench.Outcome o, int trials) {
        int sets = o.seedSets();
        if (sets < 2 || randomLabel(o) == null) {
            return;
        }
        int size = o.seedsPerSet();
        List<String> columns = new ArrayList<>();
        for (int i = 0; i < sets; i++) {
            List<Long> s = o.seeds().subList(i * size, Math.min(o.seeds().size(), (i + 1) * size));
            columns.add("seeds " + s.get(0) + "–" + s.get(s.size() - 1));
        }
        columns.addAll(List.of("lowest", "highest", "spread"));
        for (int b : budgets(trials)) {
            sb.append(String.format("%n### Normalised score per seed set after %d trials%n%n", b));
            header(sb, "tuner", columns);
            for (String arm : o.bestSoFar().keySet()) {
                List<String> cells = new ArrayList<>();
                double lo = Double.POSITIVE_INFINITY;
                double hi = Double.NEGATIVE_INFINITY;
                for (int i = 0; i < sets; i++) {
                    double v = score(o, arm, b, i * size, (i + 1) * size);
                    lo = Math.min(lo, v);
                    hi = Math.max(hi, v);
                    cells.add(Numbers.format(v));
                }
                cells.addAll(List.of(Numbers.format(lo), Numbers.format(hi), Numbers.format(hi - lo)));
                row(sb, "tunerd " + arm, cells);
            }
        }
    }

    /**
     * The tail: per arm and problem the 90th percentile of regret after 100 trials over every seed, under a row of
     * random search's median regret there; and on how many problems the percentile is below that median.
     */
    private static void tail(StringBuilder sb, QualityBench.Outcome o, List<String> problems, int trials) {
        String random = randomLabel(o);
        if (random == null) {
            return;
        }
        int b = tailBudget(trials);
        sb.append(String.format("%n### Tail: 90th percentile of regret after %d trials (%d seeds), against random "
            + "search's median%n%n", b, o.seeds().size()));
        List<String> columns = new ArrayList<>(problems);
        columns.add("below Random's median");
        header(sb, "tuner", columns);
        List<String> medians = new ArrayList<>();
        for (String p : problems) {
            medians.add(Numbers.format(randomMedian(o, random, p, b)));
        }
        medians.add("");
        row(sb, "Random, median", medians);
        for (String arm : o.bestSoFar().keySet()) {
            List<String> cells = new ArrayList<>();
            int below = 0;
            for (String p : problems) {
                double p90 = tailRegret(o, arm, p, b);
                if (p90 < randomMedian(o, random, p, b)) {
                    below++;
                }
                cells.add(Numbers.format(p90));
            }
            cells.add(below + " of " + problems.size());
            row(sb, "tunerd " + arm, cells);
        }
    }

    /** The 90th percentile (nearest rank) of one arm's regret on one problem after {@code budget} trials. */
    public static double tailRegret(QualityBench.Outcome o, String arm, String problem, int budget) {
        return RegretStats.percentile(RegretStats.regretsAt(o.bestSoFar().get(arm).get(problem), budget,
            o.optimum().get(problem)), TAIL_QUANTILE);
    }

    private static double randomMedian(QualityBench.Outcome o, String random, String problem, int budget) {
        return RegretStats.median(RegretStats.regretsAt(o.bestSoFar().get(random).get(problem), budget,
            o.optimum().get(problem)));
    }

    private static void referenceRows(StringBuilder sb, Map<String, double[]> reference, List<String> problems) {
        reference.forEach((name, values) -> {
            List<String> cells = new ArrayList<>();
            for (String p : problems) {
                int column = Problems.TEXTBOOK.indexOf(p);
                cells.add(column < 0 ? "–" : Numbers.format(values[column]));
            }
            row(sb, "ref: " + name, cells);
        });
    }

    private static void header(StringBuilder sb, String first, List<String> columns) {
        row(sb, first, columns);
        sb.append("|---").append("|---".repeat(columns.size())).append(String.format("|%n"));
    }

    private static void row(StringBuilder sb, String first, List<String> cells) {
        sb.append("| ").append(first);
        cells.forEach(c -> sb.append(" | ").append(c));
        sb.append(String.format(" |%n"));
    }
}
