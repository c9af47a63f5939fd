/**
 * The tree-structured Parzen estimator itself, in unit coordinates and primitive arrays: per parameter group (the
 * parameters sharing an activation condition) a history sorted by loss, a good and a bad multivariate mixture, and
 * the choice of the candidate with the best density ratio. No JSON, no protocol; single-threaded, with buffers reused
 * between suggestions so that a suggestion allocates almost nothing and its cost is bounded by the bad-set cap.
 */
package dev.tunerd.tuners.tpe.kernel;
