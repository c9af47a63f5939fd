package dev.tunerd.simulator.report;

import dev.tunerd.simulator.manager.RunResult;
import dev.tunerd.simulator.manager.TrialRecord;
import dev.tunerd.simulator.manager.TrialStatus;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes {@code report.html}: a self-contained page (inline CSS and SVG, no scripts, no network) with the summary,
 * the regret of the best-so-far value against trials, every trial's value, and for multi-epoch problems the epochs
 * each trial used. Stateless.
 */
public final class HtmlReport {

    private HtmlReport() {
    }

    public static void write(Path file, RunResult r, String tuner, String assessor) throws IOException {
        Html.writeAtomically(file, render(r, tuner, assessor));
    }

    public static String render(RunResult r, String tuner, String assessor) {
        String title = "tunerd simulate: " + tuner + " on " + r.problem();
        StringBuilder sb = new StringBuilder("<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'>")
            .append("<title>").append(Html.escape(title)).append("</title>")
            .append("<style>body{font-family:sans-serif;margin:2em;max-width:800px}")
            .append("pre{background:#f4f4f4;padding:1em}</style></head><body>\n")
            .append("<h1>").append(Html.escape(title)).append("</h1>\n<pre>")
            .append(Html.escape(SummaryTable.render(r, tuner, assessor))).append("</pre>\n");
        sb.append(regretChart(r)).append('\n');
        if (r.epochsPerTrial() > 1) {
            sb.append(epochsChart(r)).append('\n');
        }
        return sb.append("</body></html>\n").toString();
    }

    private static String regretChart(RunResult r) {
        double[] best = r.bestSoFar();
        double[] regret = new double[best.length];
        double[] values = new double[best.length];
        boolean positive = true;
        for (int i = 0; i < best.length; i++) {
            regret[i] = best[i] - r.optimum();
            TrialRecord t = r.trials().get(i);
            values[i] = t.status() == TrialStatus.SUCCEEDED ? t.value() - r.optimum() : Double.NaN;
            positive &= !Double.isFinite(regret[i]) || regret[i] > 0;
        }
        List<SvgChart.Series> series = new ArrayList<>();
        series.add(new SvgChart.Series("trial value - f*", "#999999", values, true));
        series.add(new SvgChart.Series("best so far - f*", "#1f77b4", regret, false));
        return SvgChart.lines("Regret of the best value so far", positive ? "regret (log scale)" : "regret", positive,
            series);
    }

    private static String epochsChart(RunResult r) {
        int[] epochs = r.trials().stream().mapToInt(TrialRecord::epochs).toArray();
        String budgets = r.smallerBudgets() == 0 ? "" : ", " + r.smallerBudgets() + " given a budget below "
            + r.largestBudget() + " epochs";
        return SvgChart.bars("Epochs used per trial (" + r.earlyStopped() + " stopped early" + budgets + ")", "epochs",
            epochs, r.epochsPerTrial(), "#2ca02c");
    }
}
