/**
 * Numerics used by the model-based tuners (TPE, Anneal, Evolution): a seeded generator whose state fits in a
 * snapshot, the standard normal's CDF and inverse, and the unit-cube view of a search space. {@code Normal} is
 * stateless and thread-safe; {@code Rng} is not thread-safe; {@code UnitSpace} is immutable.
 */
package dev.tunerd.tuners.tpe.math;
