package dev.tunerd.report;

import java.util.List;
import java.util.Objects;

/**
 * An experiment as the report reads it, from whichever source. Immutable.
 *
 * @param title    what the report is about (the source's name)
 * @param source   where it was read from, for the page's header
 * @param minimize whether smaller results are better
 * @param trials   its trials, in trial order (issue order for a checkpoint, end order for trials.jsonl)
 * @param notes    what the source could not tell (shown on the page)
 */
public record Experiment(String title, String source, boolean minimize, List<ReportTrial> trials, List<String> notes) {

    public Experiment {
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(source, "source");
        trials = List.copyOf(trials);
        notes = List.copyOf(notes);
    }

    /** Whether every trial with a result knows when it ended. */
    public boolean timesKnown() {
        return trials.stream().filter(ReportTrial::hasValue).allMatch(t -> Double.isFinite(t.endSeconds()))
            && trials.stream().anyMatch(t -> Double.isFinite(t.endSeconds()));
    }

    /** Whether some trial reported intermediate results. */
    public boolean hasIntermediate() {
        return trials.stream().anyMatch(t -> t.intermediateCount() > 0);
    }

    /** {@code v} as a loss: itself when minimising, negated when maximising. */
    public double loss(double v) {
        return minimize ? v : -v;
    }
}
