package dev.tunerd.report;

import dev.tunerd.simulator.report.Html;
import dev.tunerd.simulator.report.Numbers;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/**
 * The whole {@code tunerd report} page: summary, best result so far against trial number and time, parallel
 * coordinates, parameter importance, intermediate results, and the trial table. One file, nothing loaded from
 * anywhere: inline SVG drawn here, inline CSS, one inline script for the table. Stateless.
 */
public final class ExperimentReport {

    private static final String CSS = "td.stopped{color:#c00;font-weight:bold}#trial-pager{margin:.5em 0}"
        + "#trial-pager button{margin-right:.3em}.summary td:first-child{font-weight:bold}";

    private ExperimentReport() {
    }

    public static void write(Path file, Experiment e) throws IOException {
        Html.writeAtomically(file, render(e));
    }

    public static String render(Experiment e) {
        StringBuilder page = Html.open("tunerd report: " + e.title(), CSS);
        page.append("<h1>tunerd report: ").append(Html.text(e.title())).append("</h1>\n");
        page.append("<p class='note'>source: ").append(Html.escape(Html.cap(e.source(), 400))).append("</p>\n");
        summary(page, e);
        for (String note : e.notes()) {
            page.append("<p class='note'>").append(Html.escape(Html.cap(note, 600))).append("</p>\n");
        }
        page.append("<h2>Progress</h2>\n").append(ProgressCharts.byTrial(e)).append('\n');
        if (e.timesKnown()) {
            page.append(ProgressCharts.byTime(e)).append('\n');
        }
        ParameterColumns columns = ParameterColumns.of(e.trials());
        if (!columns.columns().isEmpty()) {
            page.append("<h2>Parameters</h2>\n").append(ParallelCoordinates.render(e, columns)).append('\n');
            PermutationImportance.Result importance = PermutationImportance.of(e, columns);
            page.append("<h2>Which parameters mattered</h2>\n");
            if (importance == null) {
                page.append("<p class='note'>Too few trials with a result (fewer than ")
                    .append(PermutationImportance.MIN_ROWS).append(") to estimate importance.</p>\n");
            } else {
                page.append(ImportanceChart.render(importance)).append('\n');
                page.append("<p class='note'>").append(Html.escape(String.format(Locale.ROOT, "Permutation importance "
                    + "(Breiman) on a random forest of 32 regression trees fitted to the rank of each trial's result "
                    + "(%d trials): how much worse the forest predicts the trials it did not see when one parameter's "
                    + "values are shuffled, as a share of the total. The forest explains %s of the variance of "
                    + "unseen trials (out-of-bag R\u00b2); the lower that is, the less these shares mean.",
                    importance.rows(), Double.isNaN(importance.oobR2()) ? "n/a"
                        : String.format(Locale.ROOT, "%.0f%%", 100 * Math.max(0, importance.oobR2())))))
                    .append("</p>\n");
            }
        }
        if (e.hasIntermediate()) {
            page.append("<h2>Intermediate results and early stops</h2>\n").append(IntermediateChart.render(e))
                .append('\n');
        }
        page.append("<h2>Trials</h2>\n").append(TrialTable.markup()).append('\n').append(TrialTable.data(e))
            .append('\n');
        return Html.close(page, TrialTable.SCRIPT + "tunerdReady();\n");
    }

    private static void summary(StringBuilder page, Experiment e) {
        long results = e.trials().stream().filter(ReportTrial::hasValue).count();
        long stopped = e.trials().stream().filter(t -> t.state().equals(ReportTrial.EARLY_STOPPED)).count();
        long cancelled = e.trials().stream().filter(t -> t.state().endsWith("_CANCELED")).count();
        long failed = e.trials().stream().filter(t -> t.state().equals("FAILED")).count();
        Optional<ReportTrial> best = e.trials().stream().filter(ReportTrial::hasValue)
            .min((a, b) -> Double.compare(e.loss(a.value()), e.loss(b.value())));
        page.append("<table class='summary'>");
        row(page, "trials", Long.toString(e.trials().size()));
        row(page, "with a final result", Long.toString(results));
        row(page, "stopped early (assessor KI)", Long.toString(stopped));
        if (cancelled > 0) {
            row(page, "cancelled", Long.toString(cancelled));
        }
        if (failed > 0) {
            row(page, "failed", Long.toString(failed));
        }
        row(page, "goal", e.minimize() ? "minimize" : "maximize");
        row(page, "best result", best.map(t -> Numbers.format(t.value()) + " (trial " + t.id() + ", "
            + t.trialJobId() + ")").orElse("none"));
        page.append("</table>\n");
    }

    private static void row(StringBuilder page, String what, String value) {
        page.append("<tr><td>").append(Html.escape(what)).append("</td><td>").append(Html.text(value))
            .append("</td></tr>");
    }
}
