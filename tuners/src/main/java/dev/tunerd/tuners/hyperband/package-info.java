/**
 * Hyperband (Li et al. 2017; NNI's {@code hyperband_advisor.py}) as a tuner using the SPI's advisor abilities
 * ({@link dev.tunerd.spi.NamesParameterIds}, {@link dev.tunerd.spi.ReceivesIntermediateResults}); its bracket
 * engine is shared with BOHB. Instances are not thread-safe; providers are stateless.
 */
package dev.tunerd.tuners.hyperband;
