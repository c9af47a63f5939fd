package dev.tunerd.simulator.report;

import dev.tunerd.simulator.manager.RunResult;
import java.util.Locale;

/** The end-of-run summary printed on stderr. Stateless. */
public final class SummaryTable {

    private SummaryTable() {
    }

    /** A two-column table: what and value, one per line. */
    public static String render(RunResult r, String tuner, String assessor) {
        StringBuilder sb = new StringBuilder();
        row(sb, "tuner", tuner + (assessor == null ? "" : " + assessor " + assessor));
        row(sb, "problem", r.problem() + " (f* = " + Numbers.format(r.optimum()) + ")");
        row(sb, "trials", r.trials().size() + (r.tunerExhausted()
            ? " (the tuner had no more: it answered NO while no trial ran that could change that)" : ""));
        boolean budgets = r.trials().stream().anyMatch(t -> t.budget() > 0);
        if (budgets) {
            row(sb, "trial budgets", String.format(Locale.ROOT, "%d trained the largest (%d epochs), %d less",
                r.trials().size() - r.smallerBudgets(), r.largestBudget(), r.smallerBudgets()));
        }
        row(sb, budgets ? "best (largest budget)" : "best value", Numbers.format(r.bestValue()));
        row(sb, "regret", Numbers.format(r.regret()));
        row(sb, "wall time", String.format(Locale.ROOT, "%.2f s", r.wallNanos() / 1e9));
        row(sb, "mean suggestion latency", String.format(Locale.ROOT, "%.3f ms (GE to TR)", r.meanLatencyMillis()));
        if (r.epochsPerTrial() > 1) {
            row(sb, "epochs used", String.format(Locale.ROOT, "%d of %d (%.1f%%)", r.epochsUsed(),
                (long) r.epochsPerTrial() * r.trials().size(), 100 * r.epochFraction()));
            row(sb, "stopped early", Long.toString(r.earlyStopped()));
            row(sb, "best configuration killed", r.bestConfigurationKilled() ? "yes" : "no");
        }
        if (r.peakResidentKib() > 0) {
            row(sb, "daemon peak memory", String.format(Locale.ROOT, "%.1f MiB", r.peakResidentKib() / 1024.0));
        }
        return sb.toString();
    }

    private static void row(StringBuilder sb, String what, String value) {
        sb.append(String.format(Locale.ROOT, "  %-26s %s%n", what, value));
    }
}
