/**
 * The {@code Medianstop} assessor (NNI's median stopping rule) with per-step median structures so that an
 * assessment costs O(1) plus the new results, instead of NNI's full re-sort. Assessor instances are not
 * thread-safe (the dispatcher's assessor worker calls them from one thread at a time); the provider is stateless.
 */
package dev.tunerd.tuners.medianstop;
