/**
 * The {@code Batch} tuner (NNI's {@code batch_tuner.py}): a fixed list of parameter sets. Tuner instances are not
 * thread-safe (one dispatcher thread at a time); the provider is stateless.
 */
package dev.tunerd.tuners.batch;
