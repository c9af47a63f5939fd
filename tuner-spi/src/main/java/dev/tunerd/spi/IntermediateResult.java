package dev.tunerd.spi;

import dev.tunerd.spi.json.JsonValue;
import java.util.Objects;

/**
 * An intermediate ({@code PERIODICAL}) result of a trial the dispatcher issued, as given to
 * {@link ReceivesIntermediateResults#receiveIntermediateResult}.
 *
 * @param parameterId the dispatcher's id of the trial's parameters
 * @param trialJobId  the training service's trial id
 * @param sequence    the index of the result (0, 1, 2, ... per trial)
 * @param value       a number or an object with a numeric {@code default}, already decoded
 */
public record IntermediateResult(long parameterId, String trialJobId, int sequence, JsonValue value) {
    public IntermediateResult {
        Objects.requireNonNull(trialJobId, "trialJobId");
        Objects.requireNonNull(value, "value");
    }

    /** The scalar value ({@link Metrics#scalar}). */
    public double scalar() {
        return Metrics.scalar(value);
    }
}
