/**
 * The {@code Curvefitting} assessor: NNI's learning-curve extrapolation (12 parametric families fitted by
 * Levenberg-Marquardt as scipy does, a variance and median filter, Metropolis-weighted averaging) with NNI's decision
 * rule, its two known failures fixed. Assessor instances are not thread-safe (one assessor worker); the provider is
 * stateless.
 */
package dev.tunerd.tuners.curvefitting;
