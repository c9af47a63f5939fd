package dev.tunerd.tuners.anneal;

/**
 * tunerd's additions to hyperopt's annealing, each of which can be switched off. Immutable and thread-safe.
 *
 * @param exploration occasional exploratory suggestions that re-draw a few parameters of the chosen trial widely
 * @param restarts    the scout chain that restarts from the prior while the run stagnates
 * @param spread      the per-parameter limit of the neighbourhood by the spread of the best trials
 * @param diversity   the distance a suggestion keeps from the trials in flight ({@link Diversity})
 * @param focus       the greedier choice of the parent trial while trials are in flight ({@link ParentFocus})
 * @param flight      the spread of the draws made while trials are in flight ({@link FlightSpread})
 */
public record AnnealAdditions(Exploration exploration, Restarts restarts, SpreadLimit spread, Diversity diversity,
                              ParentFocus focus, FlightSpread flight) {
    /** hyperopt's annealing as NNI runs it, draw for draw. */
    public static final AnnealAdditions NONE = new AnnealAdditions(Exploration.NONE, Restarts.NONE, SpreadLimit.NONE,
        Diversity.NONE, ParentFocus.NONE, FlightSpread.NONE);
    /** What NNI's {@code Anneal} runs in tunerd (docs/MODEL_TUNERS.md). */
    public static final AnnealAdditions DEFAULT = new AnnealAdditions(Exploration.DEFAULT, Restarts.DEFAULT,
        SpreadLimit.DEFAULT, Diversity.DEFAULT, ParentFocus.DEFAULT, FlightSpread.DEFAULT);

    public AnnealAdditions {
        java.util.Objects.requireNonNull(exploration, "exploration");
        java.util.Objects.requireNonNull(restarts, "restarts");
        java.util.Objects.requireNonNull(spread, "spread");
        java.util.Objects.requireNonNull(diversity, "diversity");
        java.util.Objects.requireNonNull(focus, "focus");
        java.util.Objects.requireNonNull(flight, "flight");
    }

    /** Without a spread in flight. */
    public AnnealAdditions(Exploration exploration, Restarts restarts, SpreadLimit spread, Diversity diversity,
                           ParentFocus focus) {
        this(exploration, restarts, spread, diversity, focus, FlightSpread.NONE);
    }

    /** With tunerd's default parent focus. */
    public AnnealAdditions(Exploration exploration, Restarts restarts, SpreadLimit spread, Diversity diversity) {
        this(exploration, restarts, spread, diversity, ParentFocus.DEFAULT);
    }

    /** Without the diversity rule, with the default parent focus. */
    public AnnealAdditions(Exploration exploration, Restarts restarts, SpreadLimit spread) {
        this(exploration, restarts, spread, Diversity.NONE, ParentFocus.DEFAULT);
    }
}
