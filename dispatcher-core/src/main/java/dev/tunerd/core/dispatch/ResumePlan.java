package dev.tunerd.core.dispatch;

import dev.tunerd.protocol.command.ResumedTrial;
import dev.tunerd.spi.ImportedTrial;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.json.JsonValue;
import java.util.List;
import java.util.Objects;

/**
 * How a dispatcher that resumes from its own checkpoint continues: the tuner's saved state is restored once the
 * first {@code IN} has set the search space again, and the {@code FD} the manager re-sends loses the entries the
 * checkpoint already gave the tuner. The checkpoint package implements it; {@link #NONE} is a fresh start (or a
 * resume that only has the manager's data, as in NNI).
 *
 * <p>Threading: {@link #restoreTuner} is called once on the default worker while it holds the tuner's lock;
 * {@link #freshImports} and {@link #unreceived} on the default worker. Implementations need no locking of their own.
 */
public interface ResumePlan {

    /**
     * A parameter set the previous run recorded as issued but whose {@code TR} never reached the manager (the process
     * ended between the record and the reply): the manager neither re-submits it ({@code AD}) nor has a result for
     * it ({@code FD}), while the tuner counts it as tried. Immutable.
     */
    record Unreceived(long parameterId, JsonValue parameters) {
        public Unreceived {
            Objects.requireNonNull(parameters, "parameters");
        }
    }

    /** Nothing to restore, nothing to filter. */
    ResumePlan NONE = new ResumePlan() {
        @Override
        public void restoreTuner(Tuner tuner) {
        }

        @Override
        public List<ImportedTrial> freshImports(List<ImportedTrial> trials) {
            return trials;
        }

        @Override
        public List<Unreceived> unreceived(List<ResumedTrial> resumed) {
            return List.of();
        }
    };

    /**
     * Brings {@code tuner} (the algorithm itself, not a wrapper, so it can be tested for {@code Snapshotting}) to the
     * state it had when the previous run stopped. Called after its {@code updateSearchSpace} for the first {@code IN}.
     */
    void restoreTuner(Tuner tuner);

    /** Whether {@link #restoreTuner} gave the tuner its own saved state (so it knows the previous run's ids). */
    default boolean restoredTunerState() {
        return false;
    }

    /** The entries of an {@code FD} the tuner has not seen yet (all of them except for the first FD of a resume). */
    List<ImportedTrial> freshImports(List<ImportedTrial> trials);

    /**
     * Called for the resume {@code AD} (after the first {@code FD}): the previous run's issued sets the manager does
     * not know of, to be sent again under their own ids. Empty after the first call.
     */
    List<Unreceived> unreceived(List<ResumedTrial> resumed);
}
