package dev.tunerd.core.dispatch;

import dev.tunerd.spi.ImportedTrial;
import dev.tunerd.spi.Tuner;
import java.util.List;

/**
 * How a dispatcher that resumes from its own checkpoint continues: the tuner's saved state is restored once the
 * first {@code IN} has set the search space again, and the {@code FD} the manager re-sends loses the entries the
 * checkpoint already gave the tuner. The checkpoint package implements it; {@link #NONE} is a fresh start (or a
 * resume that only has the manager's data, as in NNI).
 *
 * <p>Threading: {@link #restoreTuner} is called once on the default worker while it holds the tuner's lock;
 * {@link #freshImports} on the default worker for every {@code FD}. Implementations need no locking of their own.
 */
public interface ResumePlan {

    /** Nothing to restore, nothing to filter. */
    ResumePlan NONE = new ResumePlan() {
        @Override
        public void restoreTuner(Tuner tuner) {
        }

        @Override
        public List<ImportedTrial> freshImports(List<ImportedTrial> trials) {
            return trials;
        }
    };

    /**
     * Brings {@code tuner} (the algorithm itself, not a wrapper, so it can be tested for {@code Snapshotting}) to the
     * state it had when the previous run stopped. Called after its {@code updateSearchSpace} for the first {@code IN}.
     */
    void restoreTuner(Tuner tuner);

    /** The entries of an {@code FD} the tuner has not seen yet (all of them except for the first FD of a resume). */
    List<ImportedTrial> freshImports(List<ImportedTrial> trials);
}
