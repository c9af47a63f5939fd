package dev.tunerd.tuners.hyperband;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.TunerProvider;
import java.lang.System.Logger.Level;
import java.util.SplittableRandom;

/** Registers {@link HyperbandTuner} under NNI's name {@code Hyperband}. Stateless and thread-safe. */
public final class HyperbandProvider implements TunerProvider<HyperbandArgs> {
    private static final System.Logger LOG = System.getLogger(HyperbandProvider.class.getName());

    @Override
    public String name() {
        return "Hyperband";
    }

    @Override
    public String description() {
        return "advisor: Hyperband brackets of successive halving over random configurations, TRIAL_BUDGET in the"
            + " parameters (classArgs: optimize_mode, R, eta, exec_mode, rank_agreement (-1: NNI's bracket"
            + " order; absent: the payoff check), payoff_margin (0.2), screen_margin (0.5; -1: the replay alone),"
            + " repeat_largest (0.5; -1: NNI's order within an iteration), early_margin (1.0; -1: off), realized_share"
            + " (0.5; -1: off), thin_margin (-1: off), realized_floor (4), realized_winners (1), repeat_losing"
            + " (false), separate_streams (true: full trainings draw random search's configurations), recheck_all"
            + " (false: on enough evidence a bracket of full trainings runs to its end), hold_for_decisions (true:"
            + " with several workers a free worker waits for a result due sooner that decides what it trains),"
            + " largest_first (false; true: a run whose largest bracket could start early opens with it), firm_margin"
            + " (0.85: the early start's margin from six full trainings on; -1: early_margin on any evidence),"
            + " chance_depth (-1: off; k: while no winner has won, at most k largest brackets wait for their winner),"
            + " winner_veto (false; true: a losing winner that ended after the last issue vetoes the next largest"
            + " bracket), refresh_every (8; -1: off; k: while a winners' win rests on fewer than refresh_below full"
            + " trainings, full trainings after k largest brackets in a row), refresh_below (15), wait_for_verdict"
            + " (false; true: with several workers no bracket starts while a largest bracket started on thin evidence"
            + " has no verdict yet, a free worker waits), spend_race (2; -1: off; k: halving brackets race full trainings"
            + " at equal spend and may spend at most k times their epochs while they lead, race_trailing times while"
            + " they trail), race_trailing (0.25), race_outlook (-1: off; k: the race judges the arms on the best each"
            + " is expected to reach by k full trainings' epochs, from the spread of its finals), promote_by (value; model: a"
            + " round promotes by a final rank predicted from parameters and value, fitted on the full trainings; auto:"
            + " the prediction only where it ranks the full trainings better than their values, leave one out),"
            + " replay_by_model (false; true: the payoff checks replay brackets on the predicted scores),"
            + " ranked_halving (9; -1: off; k: where the full trainings' values at a bracket's rungs rank their finals,"
            + " that bracket starts and runs up to k times in a row, its rounds promoting by value, unless the other"
            + " checks already start the largest bracket), ranked_chance (0.02; -1: off; a: ranked_halving fires only"
            + " where each rung's order among the best half has an exact p-value at most a over its looks so far), seed)";
    }

    @Override
    public Class<HyperbandArgs> argsType() {
        return HyperbandArgs.class;
    }

    @Override
    public Tuner create(AlgorithmContext context, HyperbandArgs args) {
        long seed = args.seed() != null ? args.seed() : new SplittableRandom().nextInt(Integer.MAX_VALUE);
        LOG.log(Level.INFO, "Using random seed " + seed);
        return new HyperbandTuner(args, seed, context);
    }
}
