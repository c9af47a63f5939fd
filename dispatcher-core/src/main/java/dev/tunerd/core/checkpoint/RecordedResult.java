package dev.tunerd.core.checkpoint;

import dev.tunerd.spi.json.JsonValue;
import java.util.Objects;
import java.util.Optional;

/**
 * A final result the journal holds. Immutable.
 *
 * @param parameterId the id its parameters were issued under
 * @param trialJobId  the trial's id, when the dispatcher knew it
 * @param value       the metric as the tuner received it (a number, possibly NaN, or an object with a default)
 */
public record RecordedResult(long parameterId, Optional<String> trialJobId, JsonValue value) {
    public RecordedResult {
        Objects.requireNonNull(trialJobId, "trialJobId");
        Objects.requireNonNull(value, "value");
    }
}
