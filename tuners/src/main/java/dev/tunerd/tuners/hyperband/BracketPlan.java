package dev.tunerd.tuners.hyperband;

/**
 * Hyperband's arithmetic (Li et al. 2017; NNI's {@code Bracket}): with {@code sMax = floor(log_eta(maxBudget /
 * minBudget))}, bracket {@code s} starts {@code n = ceil((sMax + 1) eta^s / (s + 1))} configurations at budget
 * {@code r = maxBudget / eta^s}; round {@code i} keeps {@code floor(n / eta^i)} of them at budget
 * {@code floor(r eta^i)}. The epsilon guards against floating-point error exactly as NNI does. Immutable.
 *
 * @param sMax      the largest bracket index
 * @param maxBudget the budget of the last round of every bracket (Hyperband's {@code R})
 * @param eta       the halving rate (at least 2)
 */
public record BracketPlan(int sMax, int maxBudget, int eta) {
    private static final double EPSILON = 1e-6;

    public BracketPlan {
        if (sMax < 0 || maxBudget < 1 || eta < 2) {
            throw new IllegalArgumentException("bad bracket plan " + sMax + "/" + maxBudget + "/" + eta);
        }
    }

    /** Hyperband's plan: budgets up to {@code R}, the smallest being about 1. */
    public static BracketPlan hyperband(int r, int eta) {
        return new BracketPlan((int) Math.floor(Math.log(r) / Math.log(eta) + EPSILON), r, eta);
    }

    /** BOHB's plan: budgets from about {@code minBudget} to {@code maxBudget}. */
    public static BracketPlan fromBudgets(int minBudget, int maxBudget, int eta) {
        int sMax = (int) Math.floor(Math.log((double) maxBudget / minBudget) / Math.log(eta) + EPSILON);
        return new BracketPlan(sMax, maxBudget, eta);
    }

    /** Configurations a bracket {@code s} starts with. */
    public int initialConfigs(int s) {
        return (int) Math.ceil((sMax + 1) * Math.pow(eta, s) / (s + 1) - EPSILON);
    }

    /** Configurations in round {@code i} of bracket {@code s}. */
    public int configs(int s, int i) {
        return (int) Math.floor(initialConfigs(s) / Math.pow(eta, i) + EPSILON);
    }

    /** Budget of round {@code i} of bracket {@code s} (at least 1). */
    public int budget(int s, int i) {
        return Math.max(1, (int) Math.floor(maxBudget / Math.pow(eta, s) * Math.pow(eta, i) + EPSILON));
    }
}
