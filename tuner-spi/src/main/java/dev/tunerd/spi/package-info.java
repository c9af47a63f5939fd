/**
 * The plugin contract: {@link dev.tunerd.spi.Tuner} and {@link dev.tunerd.spi.Assessor} (NNI's algorithm
 * contract in Java terms), their factories {@link dev.tunerd.spi.TunerProvider} and
 * {@link dev.tunerd.spi.AssessorProvider} found through {@link java.util.ServiceLoader}, and small value types.
 *
 * <p>This module has no third-party dependencies so that a plugin compiles against one small jar. Algorithms log
 * through {@link java.lang.System.Logger}, which the dispatcher routes to its own log.
 *
 * <p>Threading: the dispatcher calls each algorithm instance from one thread at a time; see each type.
 */
package dev.tunerd.spi;
