package dev.tunerd.simulator.manager;

import dev.tunerd.protocol.command.InboundCommands;
import dev.tunerd.simulator.problem.Problem;
import java.time.Duration;
import java.util.Objects;

/**
 * Everything one simulated experiment needs, validated once. Immutable.
 *
 * @param problem        the objective
 * @param trials         how many trials to finish
 * @param concurrency    how many trials run at once (NNI's trialConcurrency)
 * @param seed           fixes trial durations (the order in which concurrent trials finish)
 * @param withAssessor   whether the daemon runs an assessor; then the manager gives it {@code assessWait} after
 *                       every intermediate metric to answer with KI, as a real trial would keep training meanwhile
 * @param assessWait     how long to wait for a KI after each intermediate metric when an assessor runs
 * @param replyTimeout   how long the daemon may stay silent while the manager waits for it
 * @param echoPing       the daemon runs with {@code --echo-ping}: instead of {@code assessWait} the manager sends
 *                       {@code PI} after each intermediate metric and reads up to its echo, so the assessor's answer
 *                       is always in and runs repeat whatever the load; false for a daemon command given by the user
 */
public record ExperimentSettings(Problem problem, int trials, int concurrency, long seed, boolean withAssessor,
                                 Duration assessWait, Duration replyTimeout, boolean echoPing) {

    public ExperimentSettings {
        Objects.requireNonNull(problem, "problem");
        if (trials < 1) {
            throw new IllegalArgumentException("--trials must be at least 1, got " + trials);
        }
        if (concurrency < 1 || concurrency > InboundCommands.MAX_REQUESTED_TRIAL_JOBS) {
            // the first GE asks for `concurrency` trials: above the daemon's limit it answered ER, a stack trace, exit 1
            throw new IllegalArgumentException("--concurrency must be between 1 and "
                + InboundCommands.MAX_REQUESTED_TRIAL_JOBS + ", got " + concurrency);
        }
        if (assessWait.isNegative() || replyTimeout.isNegative() || replyTimeout.isZero()) {
            throw new IllegalArgumentException("waits must be positive, got " + assessWait + " and " + replyTimeout);
        }
    }

    /** Settings that wait {@code assessWait} for an assessor's answer (a daemon that may not answer {@code PI}). */
    public ExperimentSettings(Problem problem, int trials, int concurrency, long seed, boolean withAssessor,
                              Duration assessWait, Duration replyTimeout) {
        this(problem, trials, concurrency, seed, withAssessor, assessWait, replyTimeout, false);
    }

    /** Defaults for the waits: 5 ms for an assessor's answer, 60 s of daemon silence. */
    public static ExperimentSettings of(Problem problem, int trials, int concurrency, long seed, boolean withAssessor) {
        return new ExperimentSettings(problem, trials, concurrency, seed, withAssessor, Duration.ofMillis(5),
            Duration.ofSeconds(60));
    }
}
