package dev.tunerd.spi;

import dev.tunerd.spi.json.JsonValue;
import java.util.Objects;
import java.util.Optional;

/**
 * One entry of imported data ({@code FD}): parameters with the value they achieved.
 *
 * @param parameter  the parameter set, as the user or the manager sent it
 * @param value      a number or an object with a numeric {@code default}, already decoded
 * @param trialJobId the trial id, present in the manager's own export
 */
public record ImportedTrial(JsonValue parameter, JsonValue value, Optional<String> trialJobId) {
    public ImportedTrial {
        Objects.requireNonNull(parameter, "parameter");
        Objects.requireNonNull(value, "value");
        Objects.requireNonNull(trialJobId, "trialJobId");
    }

    public double scalar() {
        return Metrics.scalar(value);
    }
}
