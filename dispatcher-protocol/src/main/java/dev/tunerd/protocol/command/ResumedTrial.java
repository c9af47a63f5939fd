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
    public ResumedTrial {
        Objects.requireNonNull(parameters, "parameters");
    }
}
