package dev.tunerd.tuners.hyperband;

/**
 * {@code largest_first} (issue 13, session 20): the run opens with the largest bracket, before any full training, where
 * that bracket could start early at all: its potential ({@link BracketPayoff#potential}, the screening gain with
 * perfectly agreeing ranks) is at least {@code early_margin}. With {@code eta = 3} that is {@code R = 81} and more (81
 * configurations screened for the epochs of 5 full trainings: 1.27); for {@code R = 27} (0.94) and {@code R = 20}
 * (0.69) nothing changes, since no evidence could let their largest bracket start early either.
 *
 * <p>Why: with one worker the checks decide on full trainings, and on 4-9 of them the screening gain cannot tell curves
 * whose early ranks hold from curves that cross (issue 13 sessions 15 and 18), so the first largest bracket of a long
 * horizon started after one to three brackets of full trainings (405-1215 epochs for {@code R = 81}). Opening with it
 * is a probe whose cost is bounded: one bracket (5 full trainings' epochs for {@code R = 81}), after which its winner
 * is weighed against the full trainings ({@code realized_share}): a winner that loses switches the early starts off,
 * and the checks decide everything after, as before. Where curves cross on such a horizon, the probe costs those
 * epochs once per run, taken from the end of random search's sequence ({@code separate_streams}). Stateless: whether
 * the run has opened is read from the engine's brackets.
 *
 * <p>Off by default since the session's follow-up: on {@code longcrossing} (crossing curves on 81 epochs) that cost
 * alone loses random search's best where it is among its last five trainings, and an opening winner that beats the
 * first few full trainings lifts the repeat limit and repeats the largest bracket on them to the end of the run (held
 * out: above random search at 100 % on 19 / 18 of 20 sets with 1 / 4 workers, main 2 / 4; docs/benchmarks/s20.md, issue
 * 13 session 20).
 */
final class LargestFirst {
    private LargestFirst() {
    }

    /**
     * Whether a run of {@code plan} opens with its largest bracket: {@code earlyMargin} (the early start's margin, -1:
     * off) at 0 or more and the largest bracket's potential at least that.
     */
    static boolean applies(BracketPlan plan, double earlyMargin) {
        return plan.sMax() > 0 && earlyMargin >= 0
            && new BracketPayoff(plan, PayoffSettings.replay(0)).potential(plan.sMax()) >= earlyMargin;
    }
}
