package dev.tunerd.simulator.manager;

import dev.tunerd.simulator.problem.Trajectory;
import dev.tunerd.spi.json.JsonValue;

/** A trial in flight inside the simulated manager. Mutable; owned by the manager thread. */
final class RunningTrial {

    final String jobId;
    final JsonValue parameterId;
    final JsonValue parameters;
    final String trialContent;
    final Trajectory trajectory;
    final long latencyNanos;
    final double epochDuration;
    /** The epochs it trains: its {@code TRIAL_BUDGET}, or the problem's horizon. */
    final int budget;
    final boolean budgeted;
    int epochsSent;
    double nextEventTime;
    double startTime;

    RunningTrial(String jobId, QueuedTrial queued, Trajectory trajectory, TrialBudget budget, double epochDuration) {
        this.jobId = jobId;
        this.parameterId = queued.parameterId();
        this.parameters = queued.parameters();
        this.trialContent = queued.content();
        this.latencyNanos = queued.latencyNanos();
        this.trajectory = trajectory;
        this.epochDuration = epochDuration;
        this.budget = budget.epochs();
        this.budgeted = budget.budgeted();
    }

    /** The last value the trial reported (its final value once its budget's epochs ran). */
    double lastValue() {
        return trajectory.at(Math.max(0, epochsSent - 1));
    }

    /** The PERIODICAL metrics sent so far (none for a single-epoch trajectory, which sends only its FINAL). */
    double[] sentIntermediate(int epochsPerTrial) {
        return epochsPerTrial > 1 ? java.util.Arrays.copyOf(trajectory.perEpoch(), epochsSent) : new double[0];
    }
}
