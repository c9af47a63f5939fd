package dev.tunerd.tuners.hyperband;

import java.util.List;
import java.util.Map;

/**
 * {@code hold_for_decisions} (issue 13, session 19): with several workers, a worker that frees is not given a
 * configuration that would keep it busy past a result due sooner that decides what it should train. Two such results:
 * <ul>
 *   <li><b>the largest bracket's round in flight</b>: while a round of the largest bracket that is still to be
 *       promoted has a trial training, nothing with a budget above its next round's is started, so that round's
 *       promotions find free workers instead of waiting behind full trainings started alongside (traced in session 18:
 *       the first largest bracket's winner came 650-1130 epochs after the bracket started with 4 workers, 405 with
 *       one);</li>
 *   <li><b>thin evidence about to grow</b>: while the payoff check's evidence is too thin for every check, a new full
 *       training does not start when a full training in flight is at most the shortest budget from its end, since that
 *       end may start the largest bracket (with 4 workers the first four trainings end together, and the first three
 *       ends used to start three more full trainings before the fourth let the largest bracket start).</li>
 * </ul>
 * The request is owed ({@code NO}) and paid when a trial's end makes a configuration available; the epochs the other
 * workers train meanwhile are the bracket's own. What is read is the engine's state and the histories of full
 * trainings in flight, both in the snapshot, so a resumed run waits where the killed one did. With one worker nothing
 * is in flight when a request comes, so nothing changes. Stateless.
 */
final class DecisionHold {
    private DecisionHold() {
    }

    /**
     * The largest budget a free worker may start now: the next round's budget of every largest bracket whose latest
     * round is still to be promoted and has a trial in flight, the smallest of them; {@link Integer#MAX_VALUE} when
     * there is none. {@code brackets}: every bracket, or at least every one that is not done with all its rounds
     * generated ({@link BracketEngine#unsettledBrackets}: those never qualify again), so the scan need not grow with
     * the run.
     */
    static int roundsLimit(List<Bracket> brackets, BracketPlan plan) {
        int limit = Integer.MAX_VALUE;
        for (Bracket b : brackets) {
            if (b.s > 0 && b.s == plan.sMax() && !b.done && inFlight(b.last())) {
                limit = Math.min(limit, plan.budget(b.s, b.rounds.size()));
            }
        }
        return limit;
    }

    private static boolean inFlight(Rung round) {
        for (Rung.Entry e : round.entries) {
            if (e.parameterId >= 0 && !e.ended) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether a full training in flight ({@code histories}: the intermediate results of new full trainings by id, as
     * arrived; ended ones are skipped through {@code engine}) is at most the plan's shortest budget from its end.
     */
    static boolean evidenceDue(Map<Long, List<Double>> histories, BracketEngine engine) {
        BracketPlan plan = engine.plan();
        int shortest = plan.budget(plan.sMax(), 0);
        for (Map.Entry<Long, List<Double>> e : histories.entrySet()) {
            if (!engine.hasEnded(e.getKey()) && plan.maxBudget() - e.getValue().size() <= shortest) {
                return true;
            }
        }
        return false;
    }
}
