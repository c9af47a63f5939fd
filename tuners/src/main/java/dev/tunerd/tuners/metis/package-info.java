/**
 * Metis under NNI's name, alias and classArgs ({@link dev.tunerd.tuners.metis.MetisTuner}): a GP's predicted optimum,
 * and candidates for exploration (lowest confidence bound), exploitation (a good/bad Gaussian mixture ratio) and
 * re-sampling (leave-one-out outliers), chosen by the information gain each promises (Li et al. 2018, as NNI's
 * {@code metis_tuner}). Not thread-safe; the dispatcher serialises calls.
 */
package dev.tunerd.tuners.metis;
