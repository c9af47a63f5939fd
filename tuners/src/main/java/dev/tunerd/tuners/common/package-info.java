/**
 * Building blocks shared by the builtin tuners: NNI's deduplication ({@link dev.tunerd.tuners.common.Deduplicator}
 * over a {@link dev.tunerd.tuners.common.ParameterHistory}), NNI's grid walk
 * ({@link dev.tunerd.tuners.common.GridEnumerator}, also the GridSearch tuner's engine), a correctly rounded
 * inverse error function and the standard normal ({@link dev.tunerd.tuners.common.Normal}), NNI's random draw
 * ({@link dev.tunerd.tuners.common.RandomSampler}), the one seeded generator of every builtin algorithm, whose state
 * fits in a snapshot ({@link dev.tunerd.tuners.common.Rng}), quickselect over doubles
 * ({@link dev.tunerd.tuners.common.Selection}: Medianstop's medians, the surrogate models' thresholds), and snapshot
 * JSON helpers.
 * Nothing here is thread-safe except the stateless helpers: each tuner owns its instances and the dispatcher calls
 * a tuner from one thread at a time.
 */
package dev.tunerd.tuners.common;
