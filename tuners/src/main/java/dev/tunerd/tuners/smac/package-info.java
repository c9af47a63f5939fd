/**
 * SMAC under NNI's name and classArgs ({@link dev.tunerd.tuners.smac.SmacTuner}): a random forest of regression
 * trees as surrogate (mean and variance over trees), expected improvement, local search plus random interleaving
 * (Hutter et al. 2011); conditional parameters imputed. Not thread-safe; the dispatcher serialises calls.
 */
package dev.tunerd.tuners.smac;
