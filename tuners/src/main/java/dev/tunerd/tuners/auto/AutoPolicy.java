package dev.tunerd.tuners.auto;

import dev.tunerd.spi.ExperimentBudget;
import dev.tunerd.spi.space.SearchSpace;

/**
 * Auto's picking rules, first match wins (docs/MODEL_TUNERS.md, "Auto", has the measurements behind them):
 * <ol>
 *   <li>an empty space: Random (there is nothing to model);</li>
 *   <li>a nested choice (conditional space): TPE, which models each branch on the trials where it is active;</li>
 *   <li>more than half of the parameters are choices, or more than {@link #GP_MAX_PARAMETERS} parameters: TPE
 *       (the GP's one-hot features and its length scales need more trials than such budgets give);</li>
 *   <li>a flat space without choices and a long run, at least {@link #LONG_RUN_MIN} and
 *       {@link #LONG_RUN_PER_PARAMETER} trials per parameter: CMA-ES, which refines to high precision at a cost of
 *       microseconds per trial, where the GP's model is capped at 250 observations;</li>
 *   <li>a flat space without choices and {@link #WIDE_BATCH} or more trials in flight: CMA-ES (a generation is a
 *       batch, so wide batches cost it nothing);</li>
 *   <li>otherwise (small flat spaces, short or unknown budgets): GP, the best of the builtins at 50 and 100 trials
 *       on the benchmark problems.</li>
 * </ol>
 * Stateless.
 */
final class AutoPolicy {
    static final int GP_MAX_PARAMETERS = 12;
    static final int LONG_RUN_MIN = 1000;
    static final int LONG_RUN_PER_PARAMETER = 100;
    static final int WIDE_BATCH = 32;

    private AutoPolicy() {
    }

    static AutoChoice pick(SearchSpace space, ExperimentBudget budget) {
        SpaceShape shape = SpaceShape.of(space);
        String facts = shape.describe() + "; " + budget.describe();
        if (shape.parameters() == 0) {
            return new AutoChoice("Random", "the search space is empty: nothing to model; " + facts);
        }
        if (shape.nested()) {
            return new AutoChoice("TPE", "a conditional space (nested choice): TPE models each branch on the trials"
                + " where it is active; " + facts);
        }
        if (2 * shape.choices() > shape.parameters()) {
            return new AutoChoice("TPE", "mostly categorical parameters: TPE's categorical densities need fewer"
                + " trials than a GP's one-hot features; " + facts);
        }
        if (shape.parameters() > GP_MAX_PARAMETERS) {
            return new AutoChoice("TPE", "more than " + GP_MAX_PARAMETERS + " parameters: TPE's cost and data needs"
                + " grow slowly with dimension; " + facts);
        }
        int n = shape.parameters();
        boolean continuous = shape.choices() == 0;
        if (continuous && budget.maxTrials().isPresent()
            && budget.maxTrials().getAsInt() >= Math.max(LONG_RUN_MIN, LONG_RUN_PER_PARAMETER * n)) {
            return new AutoChoice("CMAES", "a long continuous run (at least " + Math.max(LONG_RUN_MIN,
                LONG_RUN_PER_PARAMETER * n) + " trials for " + n + " parameters): CMA-ES refines precisely at"
                + " microseconds per trial; " + facts);
        }
        if (continuous && budget.concurrency().isPresent() && budget.concurrency().getAsInt() >= WIDE_BATCH) {
            return new AutoChoice("CMAES", "a continuous space with " + budget.concurrency().getAsInt()
                + " trials in flight: a CMA-ES generation is a batch; " + facts);
        }
        String budgetWord = budget.maxTrials().isPresent() ? "a short budget" : "an unknown budget";
        return new AutoChoice("GP", "a small flat space and " + budgetWord + ": the GP is the most sample-efficient"
            + " builtin; " + facts);
    }
}
