package dev.tunerd.protocol.command;

import dev.tunerd.spi.json.JsonValue;
import java.util.Objects;

/**
 * A trial that was waiting or running when the previous dispatcher stopped, as listed in a resume {@code AD}. Immutable.
 *
 * @param parameterId the id it was issued under
 * @param parameters  the parameters it was issued with
 */
public record ResumedTrial(long parameterId, JsonValue parameters) {
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
}
