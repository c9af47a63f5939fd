/**
 * NNI's {@code Evolution} tuner: a population evolved by tournaments of two and one-parameter mutations, which
 * defers requests while the population is busy and sends the owed parameter sets later through the dispatcher's
 * {@link dev.tunerd.spi.ParameterSender} (thread-safe; the tuner itself is not, the dispatcher serialises calls).
 */
package dev.tunerd.tuners.evolution;
