package dev.tunerd.core.checkpoint;

import dev.tunerd.spi.json.JsonValue;
import java.util.Objects;

/**
 * One input the tuner received after its last saved state, in the order the journal recorded it: a resume restores the
 * state and gives the tuner these again, one by one ({@link TunerReplay}), which brings a deterministic tuner back to
 * exactly the state it had. Results, trial ends and imports point into the {@link RecoveredState}'s lists (the next
 * one after the state's {@link Watermark}); a call and an intermediate result carry what they need. Immutable.
 */
public sealed interface TunerEvent permits GenerationStep, TunerEvent.Mark, TunerEvent.Imported,
    TunerEvent.Intermediate {

    /** The next recorded final result, or the next recorded trial end, reached the tuner. */
    enum Mark implements TunerEvent {
        RESULT, TRIAL_END
    }

    /** One {@code DATA_IMPORTED} record of {@code entries} entries reached the tuner. */
    record Imported(int entries) implements TunerEvent {
        public Imported {
            if (entries < 0) {
                throw new IllegalArgumentException("negative import size " + entries);
            }
        }
    }

    /**
     * An intermediate result given to a tuner that reads them ({@code ReceivesIntermediateResults}): record
     * {@link RecordType#INTERMEDIATE_RESULT}.
     */
    record Intermediate(long parameterId, String trialJobId, int sequence, JsonValue value) implements TunerEvent {
        public Intermediate {
            Objects.requireNonNull(trialJobId, "trialJobId");
            Objects.requireNonNull(value, "value");
        }
    }
}
