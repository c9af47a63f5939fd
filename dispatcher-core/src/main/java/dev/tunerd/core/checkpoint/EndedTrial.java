package dev.tunerd.core.checkpoint;

import java.util.Objects;
import java.util.Optional;

/**
 * A trial end ({@code EN}) the journal holds. Immutable.
 *
 * @param trialJobId  the trial's id
 * @param parameterId its parameter id; empty for a customized trial
 * @param event       the manager's final state: SUCCEEDED, FAILED, EARLY_STOPPED, USER_CANCELED, SYS_CANCELED
 */
public record EndedTrial(String trialJobId, Optional<Long> parameterId, String event) {
    public EndedTrial {
        Objects.requireNonNull(trialJobId, "trialJobId");
        Objects.requireNonNull(parameterId, "parameterId");
        Objects.requireNonNull(event, "event");
    }
}
