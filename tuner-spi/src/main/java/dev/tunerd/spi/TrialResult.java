package dev.tunerd.spi;

import dev.tunerd.spi.json.JsonValue;
import java.util.Objects;
import java.util.Optional;

/**
 * A final result as given to {@link Tuner#receiveTrialResult}.
 *
 * @param parameterId the id the parameters were issued under
 * @param parameters  the parameters as issued
 * @param value       the reported metric after its second decoding: a number or an object with a {@code default}
 * @param customized  true for a customized trial (only when the tuner accepts those)
 * @param trialJobId  the training service's trial id, when known
 */
public record TrialResult(long parameterId, JsonValue parameters, JsonValue value, boolean customized,
                          Optional<String> trialJobId) {
    public TrialResult {
        Objects.requireNonNull(parameters, "parameters");
        Objects.requireNonNull(value, "value");
        Objects.requireNonNull(trialJobId, "trialJobId");
    }

    /** The scalar reward ({@link Metrics#scalar}). */
    public double scalar() {
        return Metrics.scalar(value);
    }
}
