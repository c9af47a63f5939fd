/**
 * DNGO under NNI's name, alias and classArgs ({@link dev.tunerd.tuners.dngo.DngoTuner}): Bayesian linear regression
 * on the last hidden layer of a small tanh network trained on the results (Snoek et al. 2015), expected improvement
 * over random candidates. Plain Java. Not thread-safe; the dispatcher serialises calls.
 */
package dev.tunerd.tuners.dngo;
