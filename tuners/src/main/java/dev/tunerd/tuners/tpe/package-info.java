/**
 * NNI's {@code TPE} tuner: the provider, the classArgs records ({@code optimize_mode}, {@code seed},
 * {@code tpe_args}) and the tuner that wires the estimator of {@link dev.tunerd.tuners.tpe.kernel} to the search
 * space. Sub-packages hold the estimator ({@code kernel}), the numerics shared with Anneal and Evolution
 * ({@code math}) and the bookkeeping shared with Anneal ({@code shared}). Tuners here are not thread-safe: the
 * dispatcher calls one instance from one thread at a time.
 */
package dev.tunerd.tuners.tpe;
