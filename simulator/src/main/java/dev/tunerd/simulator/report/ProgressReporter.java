package dev.tunerd.simulator.report;

import dev.tunerd.simulator.manager.ProgressListener;
import dev.tunerd.simulator.manager.TrialRecord;
import java.io.PrintWriter;
import java.util.Locale;

/**
 * Live progress on stderr. On a terminal: one bar redrawn in place with {@code \r} (trials done/total, best value,
 * elapsed), at most ten times a second. Otherwise (a log file, CI): a plain line every five seconds and at the end.
 * Not thread-safe: called on the manager's thread.
 */
public final class ProgressReporter implements ProgressListener {

    private static final int BAR_WIDTH = 30;
    private static final long REDRAW_NANOS = 100_000_000L;
    private static final long LINE_NANOS = 5_000_000_000L;

    private final PrintWriter err;
    private final boolean terminal;
    private long lastShown = Long.MIN_VALUE / 2;
    private boolean drawn;

    public ProgressReporter(PrintWriter err, boolean terminal) {
        this.err = err;
        this.terminal = terminal;
    }

    @Override
    public void trialEnded(TrialRecord trial, int done, int total, double bestSoFar, long elapsedNanos) {
        boolean last = done >= total;
        if (!last && elapsedNanos - lastShown < (terminal ? REDRAW_NANOS : LINE_NANOS)) {
            return;
        }
        lastShown = elapsedNanos;
        if (terminal) {
            err.print("\r" + bar(done, total) + " " + status(done, total, bestSoFar, elapsedNanos) + "   ");
            drawn = true;
        } else {
            err.println("tunerd simulate: " + status(done, total, bestSoFar, elapsedNanos));
        }
        err.flush();
    }

    /** Ends the bar's line so that what follows starts on a fresh line. */
    public void finish() {
        if (terminal && drawn) {
            err.println();
            err.flush();
        }
    }

    static String bar(int done, int total) {
        int filled = total == 0 ? 0 : (int) ((long) done * BAR_WIDTH / total);
        return "[" + "#".repeat(filled) + ".".repeat(BAR_WIDTH - filled) + "]";
    }

    static String status(int done, int total, double best, long elapsedNanos) {
        return String.format(Locale.ROOT, "%d/%d trials, best %s, %.1f s", done, total, Numbers.format(best),
            elapsedNanos / 1e9);
    }
}
