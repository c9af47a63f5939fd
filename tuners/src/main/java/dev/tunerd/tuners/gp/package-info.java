/**
 * GP: Gaussian-process Bayesian optimisation under NNI's name and classArgs ({@link dev.tunerd.tuners.gp.GpTuner}).
 * Matérn ARD kernel over a unit-cube feature space (one-hot choices), maximum marginal likelihood, log-EI/UCB/POI
 * maximised by warm-up plus bounded L-BFGS, kriging believers for trials in flight, data capped for long runs. Dense
 * linear algebra is EJML's. Not thread-safe; the dispatcher serialises calls.
 */
package dev.tunerd.tuners.gp;
