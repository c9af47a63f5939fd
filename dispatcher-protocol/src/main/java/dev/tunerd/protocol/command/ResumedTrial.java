package dev.tunerd.protocol.command;

import dev.tunerd.spi.json.JsonValue;
import java.util.Objects;

/**
 * A trial that was waiting or running when the previous dispatcher stopped, as listed in a resume {@code AD}. Immutable.
 *
 * @param parameterId the id it was issued under, when an integer (-1 for a string id)
 * @param parameters  the parameters it was issued with
 * @param wireId      the id it was issued under, when a string (a tuner that names its ids), else null
 */
public record ResumedTrial(long parameterId, JsonValue parameters, String wireId) {
    /**
     * The largest parameter id the dispatcher issues: {@code 2^53 - 1}, the largest integer the manager (JavaScript)
     * holds exactly.
     */
    public static final long MAX_PARAMETER_ID = (1L << 53) - 1;
    /** The largest id a resume {@code AD} may carry: one below {@link #MAX_PARAMETER_ID}, so another id can follow. */
    public static final long MAX_RESUMED_ID = MAX_PARAMETER_ID - 1;

    public ResumedTrial {
        Objects.requireNonNull(parameters, "parameters");
    }

    /** A trial issued under an integer id. */
    public ResumedTrial(long parameterId, JsonValue parameters) {
        this(parameterId, parameters, null);
    }

    /** A trial issued under a string id. */
    public static ResumedTrial named(String wireId, JsonValue parameters) {
        return new ResumedTrial(-1, parameters, Objects.requireNonNull(wireId, "wireId"));
    }

    public boolean isNamed() {
        return wireId != null;
    }
}
