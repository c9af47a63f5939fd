package dev.tunerd.simulator.bench;

import dev.tunerd.simulator.problem.Problems;
import dev.tunerd.simulator.report.Axis;
import dev.tunerd.simulator.report.Html;
import dev.tunerd.simulator.report.Numbers;
import dev.tunerd.simulator.report.SvgPlot;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * {@code tunerd bench quality --html FILE}: the quality benchmark as an offline page. One chart per problem with, for
 * each tuner, the median simple regret against trials and the band between the first and third quartile over seeds
 * (log scale when positive; a regret of 0 sits on the bottom edge), the reference figures of BENCHMARKS.md as marks at
 * 100 and 200 trials; then the median-regret tables and the normalised-score table with the reference rows beside
 * ours, as in the Markdown output. Drawn from {@link QualityBench.Outcome} only. Stateless.
 */
public final class QualityHtml {

    private QualityHtml() {
    }

    public static void write(Path file, QualityBench.Outcome o, List<String> problems, int trials, int seeds)
            throws IOException {
        Html.writeAtomically(file, render(o, problems, trials, seeds));
    }

    public static String render(QualityBench.Outcome o, List<String> problems, int trials, int seeds) {
        StringBuilder page = Html.open("tunerd bench quality", ".ref{color:#666}");
        page.append("<h1>tunerd bench quality</h1>\n<p class='note'>").append(Html.escape(String.format(
            "%d trials per run, %d seeds (0 to %d) per tuner and problem, one run at a time per daemon. Lines: median "
                + "simple regret (best so far minus the optimum) over seeds; bands: first to third quartile. Grey "
                + "marks at 100 and 200 trials: the reference medians of BENCHMARKS.md (NNI 3.0, Optuna).", trials,
            seeds, seeds - 1))).append("</p>\n");
        Map<String, String> colour = new LinkedHashMap<>();
        for (String t : o.bestSoFar().keySet()) {
            colour.put(t, SvgPlot.colour(colour.size()));
        }
        page.append("<h2>Regret against trials</h2>\n");
        for (String p : problems) {
            page.append(chart(o, p, trials, colour)).append('\n');
        }
        page.append("<h2>Median simple regret</h2>\n");
        for (int budget : QualityReport.budgets(trials)) {
            regretTable(page, o, problems, budget, seeds);
        }
        scoreTable(page, o, trials);
        o.failures().forEach((t, why) -> page.append("<p class='error'>").append(Html.text(t + " failed and is left "
            + "out: " + why)).append("</p>\n"));
        return Html.close(page, "");
    }

    private static String chart(QualityBench.Outcome o, String problem, int trials, Map<String, String> colour) {
        double optimum = o.optimum().getOrDefault(problem, 0.0);
        Map<String, double[][]> bands = new LinkedHashMap<>();
        List<Double> all = new ArrayList<>();
        o.bestSoFar().forEach((tuner, byProblem) -> {
            List<double[]> runs = byProblem.get(problem);
            if (runs != null && !runs.isEmpty()) {
                double[][] q = quartiles(runs, optimum, trials);
                bands.put(tuner, q);
                for (double[] row : q) {
                    Arrays.stream(row).forEach(all::add);
                }
            }
        });
        int column = Problems.TEXTBOOK.indexOf(problem);
        List<double[]> refs = new ArrayList<>();
        List<String> refNames = new ArrayList<>();
        if (column >= 0) {
            for (int budget : new int[] {100, 200}) {
                if (budget <= trials) {
                    ReferenceFigures.medianRegret(budget).forEach((name, values) -> {
                        refs.add(new double[] {budget, values[column]});
                        refNames.add(name);
                        all.add(values[column]);
                    });
                }
            }
        }
        double[] values = all.stream().mapToDouble(Double::doubleValue).toArray();
        boolean log = Arrays.stream(values).anyMatch(v -> v > 0);
        Axis y = Axis.fit(values, log);
        SvgPlot plot = new SvgPlot("regret-" + problem, problem + ": simple regret against trials",
            new Axis(1, Math.max(2, trials), false), "trials", y, "simple regret" + (log ? " (log scale)" : ""));
        List<SvgPlot.Key> keys = new ArrayList<>();
        bands.forEach((tuner, q) -> {
            String c = colour.get(tuner);
            double[] xs = IntStream.rangeClosed(1, q[0].length).asDoubleStream().toArray();
            plot.band(xs, q[0], q[2], c).line("median", xs, q[1], c, tuner);
            keys.add(new SvgPlot.Key("tunerd " + tuner, c));
        });
        for (int i = 0; i < refs.size(); i++) {
            double[] r = refs.get(i);
            if (plot.yAxis().accepts(r[1])) {
                plot.add(SvgPlot.fmt("<path class='ref' d='M%.1f %.1fl5 -5l5 5l-5 5z' fill='#888' fill-opacity='0.6'>"
                    + "<title>%s at %d trials: %s</title></path>", plot.px(r[0]) - 5, plot.pyInside(r[1]),
                    Html.text(refNames.get(i)), (int) r[0], Numbers.format(r[1])));
            }
        }
        if (!refs.isEmpty()) {
            keys.add(new SvgPlot.Key("reference medians", "#888"));
        }
        return plot.close(keys);
    }

    /** Per trial, the first quartile, the median and the third quartile of the regret over seeds. */
    static double[][] quartiles(List<double[]> bestSoFarPerSeed, double optimum, int trials) {
        double[][] out = new double[3][trials];
        double[] at = new double[bestSoFarPerSeed.size()];
        for (int i = 0; i < trials; i++) {
            for (int s = 0; s < at.length; s++) {
                double[] b = bestSoFarPerSeed.get(s);
                at[s] = b[Math.min(i, b.length - 1)] - optimum;
            }
            Arrays.sort(at);
            out[0][i] = RegretStats.quantile(at, 0.25);
            out[1][i] = RegretStats.quantile(at, 0.5);
            out[2][i] = RegretStats.quantile(at, 0.75);
        }
        return out;
    }

    private static void regretTable(StringBuilder page, QualityBench.Outcome o, List<String> problems, int budget,
                                    int seeds) {
        page.append("<h3>After ").append(budget).append(" trials (").append(seeds).append(" seeds)</h3>\n");
        List<List<String>> rows = new ArrayList<>();
        o.bestSoFar().forEach((tuner, byProblem) -> {
            List<String> cells = new ArrayList<>(List.of("tunerd " + tuner));
            for (String p : problems) {
                List<double[]> runs = byProblem.get(p);
                cells.add(runs == null ? "\u2013" : Numbers.format(RegretStats.median(RegretStats.regretsAt(runs, budget,
                    o.optimum().get(p)))));
            }
            rows.add(cells);
        });
        ReferenceFigures.medianRegret(budget).forEach((name, values) -> {
            List<String> cells = new ArrayList<>(List.of("ref: " + name));
            for (String p : problems) {
                int column = Problems.TEXTBOOK.indexOf(p);
                cells.add(column < 0 ? "\u2013" : Numbers.format(values[column]));
            }
            rows.add(cells);
        });
        List<String> head = new ArrayList<>(List.of("tuner"));
        head.addAll(problems);
        table(page, "regret-" + budget, head, rows);
    }

    private static void scoreTable(StringBuilder page, QualityBench.Outcome o, int trials) {
        page.append("<h2>Normalised score</h2>\n<p class='note'>0 = random search, 100 = the optimum every time; "
            + "reference scores are over the nine textbook problems, ours over the problems run.</p>\n");
        Map<String, Map<String, List<double[]>>> all = o.bestSoFar();
        String random = all.keySet().stream().filter(t -> t.equalsIgnoreCase("Random")).findFirst().orElse(null);
        if (random == null) {
            page.append("<p class='error'>No normalised scores: the Random runs failed.</p>\n");
            return;
        }
        List<Integer> budgets = QualityReport.budgets(trials);
        List<List<String>> rows = new ArrayList<>();
        for (String tuner : all.keySet()) {
            List<String> cells = new ArrayList<>(List.of("tunerd " + tuner));
            for (int b : budgets) {
                cells.add(Numbers.format(RegretStats.normalisedScore(meanRegrets(all.get(tuner), b, o),
                    meanRegrets(all.get(random), b, o))));
            }
            rows.add(cells);
        }
        ReferenceFigures.NORMALISED_SCORE.forEach((name, values) -> {
            List<String> cells = new ArrayList<>(List.of("ref: " + name));
            for (int b : budgets) {
                int column = b == 50 ? 0 : b == 100 ? 1 : b == 200 ? 2 : -1;
                cells.add(column < 0 || Double.isNaN(values[column]) ? "\u2013" : Numbers.format(values[column]));
            }
            rows.add(cells);
        });
        List<String> head = new ArrayList<>(List.of("tuner"));
        budgets.forEach(b -> head.add("@" + b));
        table(page, "scores", head, rows);
    }

    private static Map<String, Double> meanRegrets(Map<String, List<double[]>> byProblem, int budget,
                                                   QualityBench.Outcome o) {
        Map<String, Double> out = new LinkedHashMap<>();
        byProblem.forEach((p, runs) -> out.put(p, RegretStats.mean(RegretStats.regretsAt(runs, budget,
            o.optimum().get(p)))));
        return out;
    }

    private static void table(StringBuilder page, String id, List<String> head, List<List<String>> rows) {
        Html.table(page, id, head, rows, row -> row.get(0).startsWith("ref: "));
    }
}
