package dev.tunerd.simulator.fidelity;

import dev.tunerd.simulator.bench.RegretStats;
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
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * {@code tunerd bench multifidelity --html FILE}: the multi-fidelity benchmark as one offline page (inline SVG, no
 * network). A header with the run's settings, the tunerd version and the date; then per problem and worker count a
 * chart of the mean true regret against the share of the epoch budget spent, at the checkpoints the runs recorded
 * ({@link BudgetedOutcome#regretAt}: 25 %, a third, 50 %, 75 %, 100 %), one line per contender with the band between
 * the first and third quartile over seeds (log scale when a value is positive; a regret of 0 sits on the bottom edge),
 * and under it the bench's table and the table paired with random search ({@link MultiFidelityReport},
 * {@link PairedWithRandom}) as HTML tables with the same cells. Everything from outside (contender and problem names)
 * is escaped and capped. Stateless.
 */
public final class MultiFidelityHtml {

    /** The share of the epoch budget, in percent, at each index of {@link BudgetedOutcome#regretAt}. */
    private static final double[] SHARE = {25, 50, 100, 100.0 / 3, 75};
    /** Those indices in increasing share. */
    private static final int[] BY_SHARE = {0, 3, 1, 4, 2};
    /**
     * Dash arrays of the lines, by series: contenders whose incumbents coincide (Hyperband's full trainings are random
     * search's) show through each other's gaps.
     */
    private static final String[] DASHES = {"", "8 4", "2 3", "10 3 2 3"};
    /** Longest contender or problem name in a chart's id. */
    private static final int MAX_ID = 60;

    /**
     * What the page says about how it was made.
     *
     * @param contenders    the contenders run (Random included)
     * @param problems      the problems
     * @param workers       the worker counts
     * @param seeds         seeds per contender, problem and worker count
     * @param firstSeed     the first seed (seeds are consecutive)
     * @param setSize       seeds per set in the paired table (0: all in one)
     * @param fullTrainings the budget in full trainings
     * @param version       the tunerd version ("unknown" when not known)
     * @param written       when the page was written, as shown
     */
    public record Settings(List<String> contenders, List<String> problems, List<Integer> workers, int seeds,
                           long firstSeed, int setSize, int fullTrainings, String version, String written) {
    }

    private MultiFidelityHtml() {
    }

    /** Writes the page to {@code file} atomically ({@link Html#writeAtomically}). */
    public static void write(Path file, List<MultiFidelityBench.Cell> cells, Settings settings) throws IOException {
        Html.writeAtomically(file, render(cells, settings));
    }

    public static String render(List<MultiFidelityBench.Cell> cells, Settings s) {
        StringBuilder page = Html.open("tunerd bench multifidelity", "dl{display:grid;"
            + "grid-template-columns:max-content auto;gap:2px 14px;font-size:.9em}dt{font-weight:bold}dd{margin:0}");
        page.append("<h1>tunerd bench multifidelity</h1>\n");
        settings(page, s);
        page.append("<p class='note'>").append(Html.escape("Each run spends a budget of " + s.fullTrainings()
            + " full trainings in epochs. Lines: mean true regret of the incumbent (the best final value among trials "
            + "trained to the largest budget) over seeds, at the share of the epoch budget spent; bands: first to "
            + "third quartile over seeds; lines are dashed differently so that lines which coincide stay visible. "
            + "Seeds without an incumbent yet at a checkpoint are left out there (the "
            + "tables count them). Hover a point for its figures.")).append("</p>\n");
        for (MultiFidelityReport.Section section : MultiFidelityReport.sections(cells)) {
            String id = Html.cap(section.problem(), MAX_ID) + "-" + section.workers();
            page.append("<h2>").append(Html.text(section.title())).append("</h2>\n");
            page.append(chart(section, id)).append('\n');
            Html.table(page, "table-" + id, MultiFidelityReport.HEAD, MultiFidelityReport.rows(section.byContender()),
                row -> false);
            String absent = PairedWithRandom.absent(section.byContender());
            if (absent != null) {
                page.append("<p class='note'>").append(Html.escape(absent)).append("</p>\n");
            } else {
                page.append("<p class='note'>").append(Html.escape(PairedWithRandom.intro(section.byContender(),
                    s.setSize()))).append(":</p>\n");
                Html.table(page, "paired-" + id, PairedWithRandom.HEAD,
                    PairedWithRandom.rows(section.byContender(), s.setSize()), row -> false);
            }
        }
        return Html.close(page, "");
    }

    private static void settings(StringBuilder page, Settings s) {
        Map<String, String> rows = new LinkedHashMap<>();
        rows.put("contenders", String.join(", ", s.contenders()));
        rows.put("problems", String.join(", ", s.problems()));
        rows.put("workers", s.workers().stream().map(String::valueOf).collect(Collectors.joining(", ")));
        rows.put("seeds", String.format(Locale.ROOT, "%d (%d to %d)", s.seeds(), s.firstSeed(),
            s.firstSeed() + s.seeds() - 1));
        rows.put("seeds per set", s.setSize() == 0 ? "all (" + s.seeds() + ")" : Integer.toString(s.setSize()));
        rows.put("first seed", Long.toString(s.firstSeed()));
        rows.put("budget", s.fullTrainings() + " full trainings per run");
        rows.put("version", s.version());
        rows.put("written", s.written());
        page.append("<dl id='settings'>");
        rows.forEach((k, v) -> page.append("<dt>").append(Html.escape(k)).append("</dt><dd>").append(Html.text(v))
            .append("</dd>"));
        page.append("</dl>\n");
    }

    /** The regret chart of one section: per contender a band, a line and a dot per checkpoint recorded. */
    private static String chart(MultiFidelityReport.Section section, String id) {
        List<String> labels = new ArrayList<>(section.byContender().keySet());
        List<double[][]> series = new ArrayList<>();
        List<Double> all = new ArrayList<>();
        for (String label : labels) {
            double[][] q = checkpoints(section.byContender().get(label));
            series.add(q);
            for (int row = 1; row <= 3; row++) {
                Arrays.stream(q[row]).forEach(all::add);
            }
        }
        double[] values = all.stream().mapToDouble(Double::doubleValue).toArray();
        boolean log = Arrays.stream(values).anyMatch(v -> v > 0);
        SvgPlot plot = new SvgPlot("mf-" + id, section.problem() + ", " + section.workers() + " worker"
            + (section.workers() == 1 ? "" : "s") + ": mean regret against the epoch budget spent",
            new Axis(20, 100, false), "epochs spent (% of the budget)", Axis.fit(values, log),
            "mean true regret" + (log ? " (log scale)" : ""));
        List<SvgPlot.Key> keys = new ArrayList<>();
        for (int i = 0; i < labels.size(); i++) {
            double[][] q = series.get(i);
            String colour = SvgPlot.colour(i);
            String label = labels.get(i);
            if (q[0].length > 0) {
                plot.band(q[0], q[2], q[3], colour)
                    .line("mean", q[0], q[1], colour, DASHES[i % DASHES.length], label);
                for (int k = 0; k < q[0].length; k++) {
                    plot.add(SvgPlot.fmt("<circle class='point' cx='%.1f' cy='%.1f' r='3' fill='%s'><title>%s at %s %%"
                            + " of the budget: mean %s, quartiles %s to %s (%d of %d seeds)</title></circle>",
                        plot.px(q[0][k]), plot.pyInside(q[1][k]), colour, Html.text(label),
                        Numbers.format(q[0][k]), Numbers.format(q[1][k]), Numbers.format(q[2][k]),
                        Numbers.format(q[3][k]), (int) q[4][k], section.byContender().get(label).size()));
                }
            }
            keys.add(new SvgPlot.Key(label, colour));
        }
        return plot.close(keys);
    }

    /**
     * Per checkpoint the runs recorded and where at least one had an incumbent, in increasing share: row 0 the share
     * in percent, 1 the mean regret, 2 and 3 the first and third quartile, 4 the runs with an incumbent.
     */
    static double[][] checkpoints(List<MultiFidelityBench.Cell> runs) {
        List<double[]> points = new ArrayList<>();
        for (int at : BY_SHARE) {
            double[] v = runs.stream().map(c -> c.outcome().regretAt()).filter(r -> r.length > at)
                .mapToDouble(r -> r[at]).filter(d -> !Double.isNaN(d)).sorted().toArray();
            if (v.length > 0) {
                points.add(new double[] {SHARE[at], RegretStats.mean(v), RegretStats.quantile(v, 0.25),
                    RegretStats.quantile(v, 0.75), v.length});
            }
        }
        double[][] out = new double[5][points.size()];
        for (int k = 0; k < points.size(); k++) {
            for (int row = 0; row < 5; row++) {
                out[row][k] = points.get(k)[row];
            }
        }
        return out;
    }
}
