package dev.tunerd.simulator.fidelity;

/**
 * What a multi-fidelity run gave. Immutable.
 *
 * @param regretAt       true regret of the incumbent (best final value among trials trained to the largest
 *                       budget) when 25%, 50% and 100% of the epoch budget were spent, then at a third and at
 *                       three quarters of it (per-run CSV only); NaN while there was none
 * @param epochs         epochs trained in all
 * @param elapsed        virtual time at the end (epochs per worker: each epoch takes one unit)
 * @param utilisation    busy worker time over {@code workers * elapsed}
 * @param trials         trials started
 * @param fullTrainings  trials trained to the largest budget
 * @param killed         trials stopped by the assessor
 * @param elapsedAtHalf  virtual time when half the budget was spent
 */
public record BudgetedOutcome(double[] regretAt, long epochs, double elapsed, double utilisation, int trials,
                              int fullTrainings, int killed, double elapsedAtHalf) {
}
