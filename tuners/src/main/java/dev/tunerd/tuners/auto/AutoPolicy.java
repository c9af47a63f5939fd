package dev.tunerd.tuners.auto;

import dev.tunerd.spi.ExperimentBudget;
import dev.tunerd.spi.space.SearchSpace;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Auto's picking rules, first match wins (docs/MODEL_TUNERS.md, "Auto", has the measurements behind them):
 * <ol>
 *   <li>an empty space: Random (there is nothing to model);</li>
 *   <li>more than half of the parameters are choices, or more than {@link #GP_MAX_PARAMETERS} parameters: TPE
 *       (the GP's one-hot features and its length scales need more trials than such budgets give);</li>
 *   <li>a flat space without choices and a long run, at least {@link #LONG_RUN_MIN} and
 *       {@link #LONG_RUN_PER_PARAMETER} trials per parameter: CMA-ES, which refines to high precision at a cost of
 *       microseconds per trial, where the GP's model is capped at 250 observations;</li>
 *   <li>a flat space without choices and {@link #WIDE_BATCH} or more trials in flight: CMA-ES (a generation is a
 *       batch, so wide batches cost it nothing);</li>
 *   <li>otherwise (small spaces, flat or conditional, short or unknown budgets): {@link #NUMERIC_FIRST} (Metis) when
 *       it takes the space (numeric parameters without log scales), the builtin with the lowest median regret at
 *       100 trials on every benchmark problem; the GP otherwise (the best of the builtins that take loguniform and
 *       string or nested choices, on the mixed conditional problem at 50, 100 and 200). When the budget leaves room
 *       ({@link #scanPlan}), Auto interrupts it once after {@link #SCAN_AFTER} results for an
 *       {@link IncumbentScan}, whose trials the picked tuner is given as results, and that tuner goes on.</li>
 * </ol>
 * Stateless.
 */
final class AutoPolicy {
    static final int GP_MAX_PARAMETERS = 12;
    static final int LONG_RUN_MIN = 1000;
    static final int LONG_RUN_PER_PARAMETER = 100;
    static final int WIDE_BATCH = 32;

    /** Results the GP gets before Auto scans its incumbent (the GP leads at 50 and 100 trials: keep those). */
    static final int SCAN_AFTER = 100;
    /** Most values per parameter in the scan. */
    static final int SCAN_STRATA = 6;
    /** Fewest values per parameter in the scan (below that the budget is too short to scan at all). */
    static final int SCAN_MIN_STRATA = 2;

    /**
     * The tuner Auto picks for a small space when it takes the space (numeric parameters only), the GP otherwise:
     * the lowest median regret at 100 trials on every benchmark problem, and at 50 and 200 on most
     * (docs/MODEL_TUNERS.md, "Auto", session 9).
     */
    static final String NUMERIC_FIRST = "Metis";
    /**
     * Auto's Metis takes every this many suggestions the additive view's probe ({@code wells_every}, with session
     * 23's gate on the better half of the results: docs/MODEL_TUNERS.md, "Auto"); Metis run by name keeps NNI's rule.
     */
    static final int METIS_WELLS_EVERY = 5;


    private AutoPolicy() {
    }

    /**
     * The classArgs (record component names and values) Auto sets on the tuner it creates under the registered name
     * {@code algorithm}, beyond optimize_mode and seed; empty for a tuner at its own defaults.
     */
    static Map<String, Object> delegateArgs(String algorithm) {
        return algorithm.equalsIgnoreCase(NUMERIC_FIRST) ? Map.of("wellsEvery", METIS_WELLS_EVERY) : Map.of();
    }

    /**
     * The incumbent scan for a GP run with {@code parameters} parameters: after {@link #SCAN_AFTER} results,
     * {@link #SCAN_STRATA} values per parameter, fewer when a known budget leaves less than twice the scan's trials
     * after {@link #SCAN_AFTER}; none when that is below {@link #SCAN_MIN_STRATA} (or there are no parameters).
     */
    static ScanPlan scanPlan(int parameters, ExperimentBudget budget) {
        if (parameters == 0) {
            return null;
        }
        int strata = SCAN_STRATA;
        if (budget.maxTrials().isPresent()) {
            strata = Math.min(strata, (budget.maxTrials().getAsInt() - SCAN_AFTER) / (2 * parameters));
        }
        return strata < SCAN_MIN_STRATA ? null : new ScanPlan(SCAN_AFTER, strata);
    }

    /** {@link #pick(SearchSpace, ExperimentBudget, Predicate)} with no tuner after a scan but the GP itself. */
    static AutoChoice pick(SearchSpace space, ExperimentBudget budget) {
        return pick(space, budget, name -> false);
    }

    /**
     * The pick for {@code space} and {@code budget}; {@code takesSpace} says whether a tuner (by registered name)
     * accepts this space, which decides who goes on after a scan.
     */
    static AutoChoice pick(SearchSpace space, ExperimentBudget budget, Predicate<String> takesSpace) {
        SpaceShape shape = SpaceShape.of(space);
        String facts = shape.describe() + "; " + budget.describe();
        if (shape.parameters() == 0) {
            return new AutoChoice("Random", "the search space is empty: nothing to model; " + facts);
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
        boolean metis = takesSpace.test(NUMERIC_FIRST);
        String first = metis ? NUMERIC_FIRST : "GP";
        String reason = "a small " + (shape.nested() ? "conditional" : "flat") + " space and " + budgetWord + ": "
            + (metis ? NUMERIC_FIRST + " takes it (numeric parameters only), the builtin with the lowest median"
                + " regret at 100 trials on every benchmark problem" : "the GP is the most sample-efficient builtin"
                + " that takes it");
        ScanPlan scan = scanPlan(shape.parameters(), budget);
        if (scan == null) {
            return new AutoChoice(first, reason + "; " + facts);
        }
        return new AutoChoice(first, reason + "; after " + scan.after() + " results Auto scans the best point, one"
            + " parameter at a time (" + scan.strata() + " values across each numeric range, up to " + scan.strata()
            + " other options of each choice; at most " + scan.strata() * shape.parameters() + " trials), then "
            + first + " goes on: a model settled in one basin does not look for a parameter whose better basin lies"
            + " elsewhere; " + facts, scan);
    }
}
