/**
 * The {@code GridSearch} tuner (NNI's {@code gridsearch_tuner.py}); the enumeration itself lives in
 * {@link dev.tunerd.tuners.common.GridEnumerator} because deduplication reuses it. Tuner instances are not
 * thread-safe (one dispatcher thread at a time); the provider is stateless.
 */
package dev.tunerd.tuners.grid;
