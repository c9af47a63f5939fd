/**
 * The {@code ASHA} advisor: asynchronous successive halving (Li et al. 2020) with random or TPE sampling, on the
 * SPI's advisor abilities. Instances are not thread-safe; the provider is stateless.
 */
package dev.tunerd.tuners.asha;
