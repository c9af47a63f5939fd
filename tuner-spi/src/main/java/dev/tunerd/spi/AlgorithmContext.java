package dev.tunerd.spi;

import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;

/**
 * What the dispatcher gives an algorithm when creating it. Immutable and thread-safe.
 *
 * @param sender              sends owed parameter sets later (see {@link ParameterSender})
 * @param checkpointDirectory {@code NNI_CHECKPOINT_DIRECTORY}, when set
 * @param clock               the time source algorithms must use instead of the system clock
 * @param budget              the experiment's trial budget and concurrency, as far as it says them
 *                            ({@link ExperimentBudget#UNKNOWN} when it does not)
 */
public record AlgorithmContext(ParameterSender sender, Optional<Path> checkpointDirectory, Clock clock,
                               ExperimentBudget budget) {

    public AlgorithmContext {
        java.util.Objects.requireNonNull(budget, "budget");
    }

    /** A context without budget information. */
    public AlgorithmContext(ParameterSender sender, Optional<Path> checkpointDirectory, Clock clock) {
        this(sender, checkpointDirectory, clock, ExperimentBudget.UNKNOWN);
    }

    /** This context with another budget. */
    public AlgorithmContext withBudget(ExperimentBudget newBudget) {
        return new AlgorithmContext(sender, checkpointDirectory, clock, newBudget);
    }

    /** A context for tests and tools: sending is refused, no checkpoint directory, the system clock. */
    public static AlgorithmContext standalone() {
        return new AlgorithmContext((id, p) -> {
            throw new IllegalStateException("no dispatcher to send parameter set " + id);
        }, Optional.empty(), Clock.systemUTC());
    }
}
