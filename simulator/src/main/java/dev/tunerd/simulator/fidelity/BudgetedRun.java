package dev.tunerd.simulator.fidelity;

import dev.tunerd.simulator.problem.Problem;
import java.time.Duration;
import java.util.Objects;

/**
 * One multi-fidelity experiment: a problem, a budget in epochs, a number of workers. Immutable.
 *
 * @param problem      the learning-curve problem (its {@code epochs()} is the largest budget)
 * @param epochBudget  total epochs every trial together may train
 * @param workers      trials running at once
 * @param withAssessor whether an assessor may answer KI after each intermediate result
 * @param assessWait   how long to wait for that KI
 * @param settle       extra quiet time after the answers to a request arrived (serial advisors send owed trials
 *                     from trial ends, which a count of answers cannot tell apart); zero for none
 * @param replyTimeout how long the daemon may stay silent while the manager waits for it
 * @param reporting    what the trials report (the loss, or its mirror {@code 1 - loss / 4} to maximise)
 * @param echoPing     the daemon was started with {@code --echo-ping}: instead of {@code assessWait} and
 *                     {@code settle}, the manager sends {@code PI} and reads until its echo, so it knows every reply
 *                     is in whatever the load (the runs then repeat exactly); false for a daemon command given by
 *                     the user, which may not answer {@code PI}
 */
public record BudgetedRun(Problem problem, long epochBudget, int workers, boolean withAssessor, Duration assessWait,
                          Duration settle, Duration replyTimeout, Reporting reporting, boolean echoPing) {
    public BudgetedRun {
        Objects.requireNonNull(problem, "problem");
        Objects.requireNonNull(reporting, "reporting");
        if (epochBudget < 1 || workers < 1) {
            throw new IllegalArgumentException("budget and workers must be at least 1, got " + epochBudget + ", "
                + workers);
        }
    }
}
