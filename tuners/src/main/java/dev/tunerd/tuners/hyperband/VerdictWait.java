package dev.tunerd.tuners.hyperband;

import java.util.List;

/**
 * {@code wait_for_verdict} (issue 13 session 25): with several workers, no new bracket starts while a largest bracket
 * started on thin evidence has no verdict yet; a free worker waits instead. Traced on {@code longcrossing} 22185 with
 * four workers: the first four full trainings end together, the early start passes on them by chance, and before the
 * first winner ends (1,032 epochs into the run) the repeat of the largest bracket ({@code repeat_largest}, up to
 * {@value PayoffChecks#THIN_RUN} in a row) starts a second and a third largest bracket on the same four trainings, 15
 * full trainings' epochs in all, so random search's best configuration is among those never trained; with one worker a
 * bracket's rounds run one after another and the first winner's verdict comes before any other bracket starts.
 *
 * <p>The wait holds while all of these are true: a trial is in flight (so a trial end pays the owed request); the
 * evidence is thin for every check (fewer than {@value BracketTuner#MIN_PAYOFF_CURVES} usable full trainings: then
 * only the largest bracket can have started on it, and only on that evidence, which grows only with full trainings);
 * a largest bracket is still waiting for its winner's end ({@link BracketEngine#largestAwaitingWinner}); and the
 * winners read so far give no verdict ({@code realized_share}: neither a win nor a loss; with it off, never one).
 * Unlike {@code chance_depth}, which trains full trainings meanwhile, the worker waits: idle workers cost no epochs,
 * and full trainings run ahead of the winner delay the winners where early ranks hold ({@code longcurves}, session 22).
 * A function of the engine's brackets and the evidence, both in the snapshot, and the owed ids travel with it, so a
 * resumed run waits where the killed one did. Stateless.
 */
final class VerdictWait {
    private VerdictWait() {
    }

    /** Whether a new bracket must not start now ({@code settings}' {@code wait_for_verdict} on). */
    static boolean holds(PayoffSettings settings, BracketEngine engine, PayoffEvidence evidence, BracketPayoff payoff) {
        if (!settings.waitForVerdict() || !engine.anyInFlight()) {
            return false;
        }
        List<double[]> curves = evidence.curves();
        if (!payoff.thin(curves, engine.plan().sMax()) || engine.largestAwaitingWinner() == 0) {
            return false;
        }
        return settings.realizedShare() < 0
            || payoff.realized(curves, evidence.winners(), settings.realizedShare(), settings.realizedWinners()) == 0;
    }
}
