package dev.tunerd.tuners.gp;

import dev.tunerd.tuners.common.BoundedLbfgs;

/**
 * What a lean GP probe's first suggestion (the one that pays the first hyper-parameter fit, on a fresh tuner or one
 * whose fits have all failed) models and searches: the later suggestions keep the probe's cap and the lean search.
 * The first probe costs the most (fit, posterior and search at once) and a host that is asked for a few suggestions
 * and then dropped (a benchmark's loop, a short warm-started run) pays little else. Immutable.
 *
 * @param rows       observations in the first probe's model at most (the best half and the most recent, as any
 *                   probe chooses them); 0: the probe's cap
 * @param candidates warm-up candidates the first probe's acquisition scores at most; 0: the lean search's budget
 * @param local      whether the first probe runs the acquisition's local L-BFGS search from its best candidate
 * @param localSteps that local search's L-BFGS first step and stop on a flat utility ({@link BoundedLbfgs.Steps#USUAL}:
 *                   as every other search's)
 */
public record FirstSearch(int rows, int candidates, boolean local, BoundedLbfgs.Steps localSteps) {
    /** The first probe as every later one (sessions 18-20). */
    public static final FirstSearch USUAL = new FirstSearch(0, 0, true);

    public FirstSearch {
        if (rows != 0 && (rows < 2 || rows > 100_000) || candidates < 0 || candidates > 100_000
            || localSteps == null) {
            throw new IllegalArgumentException("first probe: rows must be 0 or in [2, 100000], candidates in "
                + "[0, 100000] and the local steps given: " + rows + ", " + candidates + ", " + localSteps);
        }
    }

    /** The local search stepping as every other search does (sessions 18-21). */
    public FirstSearch(int rows, int candidates, boolean local) {
        this(rows, candidates, local, BoundedLbfgs.Steps.USUAL);
    }

    /** The model's cap on the first probe, given the probe's {@code cap} otherwise. */
    int cap(int cap) {
        return rows == 0 ? cap : Math.min(cap, rows);
    }

    /** The warm-up candidates on the first probe, given the search's {@code budget} otherwise. */
    int warmUp(int budget) {
        return candidates == 0 ? budget : Math.min(budget, candidates);
    }
}
