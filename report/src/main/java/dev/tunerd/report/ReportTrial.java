package dev.tunerd.report;

import dev.tunerd.spi.json.JsonValue;
import java.util.Objects;

/**
 * One trial as the report shows it. Immutable ({@link #intermediate()} returns a copy).
 *
 * @param id           its parameter id as text ("-" for a customized trial)
 * @param trialJobId   the manager's trial job id ("-" when unknown)
 * @param state        how it ended (the manager's EN event), or RESULT, ISSUED
 * @param value        its final (scalar) result; NaN when it has none
 * @param parameters   its parameters; {@code null} when unknown
 * @param startSeconds when it started, seconds from the experiment's start; NaN when unknown
 * @param endSeconds   when it ended, same clock; NaN when unknown
 * @param intermediate its intermediate results in order (may be empty)
 */
public record ReportTrial(String id, String trialJobId, String state, double value, JsonValue parameters,
                          double startSeconds, double endSeconds, double[] intermediate) {

    /** The EN event the manager sends for a trial the assessor killed ({@code KI}). */
    public static final String EARLY_STOPPED = "EARLY_STOPPED";

    public ReportTrial {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(trialJobId, "trialJobId");
        Objects.requireNonNull(state, "state");
        intermediate = intermediate.clone();
    }

    @Override
    public double[] intermediate() {
        return intermediate.clone();
    }

    /** How many intermediate results it has, without copying them. */
    public int intermediateCount() {
        return intermediate.length;
    }

    /** The i-th intermediate result. */
    public double intermediateAt(int i) {
        return intermediate[i];
    }

    public boolean hasValue() {
        return Double.isFinite(value);
    }

    /** Stopped before its end: killed by the assessor (EARLY_STOPPED) or cancelled. */
    public boolean stopped() {
        return state.equals(EARLY_STOPPED) || state.endsWith("_CANCELED");
    }

    /** Seconds it ran; NaN when unknown. */
    public double durationSeconds() {
        return endSeconds - startSeconds;
    }
}
