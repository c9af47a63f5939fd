/**
 * The {@code Random} tuner (NNI's {@code random_tuner.py}): independent draws per active parameter from a seeded,
 * snapshot-able generator, deduplicated as NNI does. Instances are not thread-safe; the dispatcher calls a tuner
 * from one thread at a time. The provider is stateless.
 */
package dev.tunerd.tuners.random;
