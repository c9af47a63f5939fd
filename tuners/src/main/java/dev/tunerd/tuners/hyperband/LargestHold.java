package dev.tunerd.tuners.hyperband;

import java.util.List;

/**
 * Whether the largest bracket must not start now, whatever the checks say ({@code chance_depth} and {@code
 * winner_veto}, issue 13 session 22). Both bound what a pass of the checks by chance costs before the largest
 * bracket's own winners can say it was one:
 * <ul>
 *   <li>{@code chance_depth}: with several workers the first decision rests on the first four full trainings, which
 *   end together; where curves cross, four trainings agree with their early ranks by chance now and then, the early
 *   start passes, and before its winner ends (about 700 epochs later with four workers) the same evidence starts a
 *   second and a third largest bracket, while the workers they free start more (held-out {@code longcrossing} seeds
 *   19890, 19913 and 19936 of session 21: three or four largest brackets, 15-20 full trainings' epochs, before the
 *   first winner's verdict). With the setting, while fewer than {@value EarlyStartMargin#FIRM_CURVES} usable trainings
 *   are in and the winners read give no win, at most that many largest brackets wait for their winner at once; a
 *   free worker trains full trainings instead, which bring the evidence to where the early start asks {@code
 *   firm_margin} and a pass by chance is rare (bounding the depth on any evidence cost {@code longcurves} more with
 *   four workers on the tuning seeds).</li>
 *   <li>{@code winner_veto}: with one worker a decision reads the winners that had ended by the last issue, so the
 *   winner of the bracket that has just ended is not read by the decision it frees the worker for (session 21's
 *   residual {@code longcrossing} seed 18825: a second largest bracket started on the evidence the first one's
 *   losing winner would have vetoed). With the setting, the winners that ended since are read for a veto: when with
 *   them the winners lose, the largest bracket does not start.</li>
 * </ul>
 * A function of the engine's brackets and the evidence's winners, both in the snapshot, so a resumed run holds as
 * the killed one would have. Stateless.
 */
final class LargestHold {
    private LargestHold() {
    }

    /**
     * Whether {@code chance_depth} or {@code winner_veto} ({@code settings}) keeps the largest bracket from starting
     * now; both need {@code realized_share} (the winners' verdict) and are off at -1 / false.
     */
    static boolean held(PayoffSettings settings, BracketEngine engine, PayoffEvidence evidence, BracketPayoff payoff) {
        if (settings.realizedShare() < 0 || settings.chanceDepth() < 0 && !settings.winnerVeto()) {
            return false;
        }
        List<double[]> curves = evidence.curves();
        if (settings.winnerVeto()) {
            List<Double> all = evidence.allWinners();
            if (all.size() > evidence.winners().size()
                && payoff.realized(curves, all, settings.realizedShare(), settings.realizedWinners()) < 0) {
                return true;
            }
        }
        if (settings.chanceDepth() < 0
            || payoff.usable(curves, engine.plan().sMax()).size() >= EarlyStartMargin.FIRM_CURVES) {
            return false; // from six trainings on a pass by chance is rare (firm_margin), and the bound cost longcurves
        }
        return engine.largestAwaitingWinner() >= settings.chanceDepth()
            && payoff.realized(curves, evidence.winners(), settings.realizedShare(), settings.realizedWinners()) <= 0;
    }
}
