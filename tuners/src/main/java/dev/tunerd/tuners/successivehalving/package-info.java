/**
 * The {@code SuccessiveHalving} assessor: asynchronous successive halving as an early-stopping rule for any tuner.
 * Instances are not thread-safe; the provider is stateless.
 */
package dev.tunerd.tuners.successivehalving;
