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
 * beside the reference scores. Stateless.
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
        o.failures().forEach((t, why) -> sb.append(String.format("%n%s failed and is left out: %s%n", t, why)));
        return sb.toString();
    }

    private static void scores(StringBuilder sb, QualityBench.Outcome o, int trials) {
        Map<String, Map<String, List<double[]>>> all = o.bestSoFar();
        String random = all.keySet().stream().filter(t -> t.equalsIgnoreCase("Random")).findFirst().orElse(null);
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
        Map<String, Double> out = new LinkedHashMap<>();
        byProblem.forEach((p, runs) -> out.put(p, RegretStats.mean(RegretStats.regretsAt(runs, budget,
            o.optimum().get(p)))));
        return out;
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
