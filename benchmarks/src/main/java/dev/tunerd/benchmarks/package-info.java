/**
 * JMH micro-benchmarks, outside the default build (root profile {@code -Pbench}): frame codec per frame, JSON per
 * command type, the bounded-queue hand-off between two threads, and suggestion latency against history size for any
 * tuner found by name through {@link java.util.ServiceLoader}. Each benchmark state is confined to JMH's threads as
 * its {@code @State} scope says; nothing here is used by the product.
 */
package dev.tunerd.benchmarks;
