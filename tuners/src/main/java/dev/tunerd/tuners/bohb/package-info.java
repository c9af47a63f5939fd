/**
 * The {@code BOHB} advisor (Falkner et al. 2018; NNI's {@code bohb_advisor}): Hyperband's brackets with a
 * multivariate KDE model per budget. Instances are not thread-safe; the provider is stateless.
 */
package dev.tunerd.tuners.bohb;
