/**
 * The benchmark drivers behind {@code tunerd bench}: tuning quality over seeds and problems
 * ({@link dev.tunerd.simulator.bench.QualityBench}, with the arithmetic in
 * {@link dev.tunerd.simulator.bench.RegretStats} and the reference figures of BENCHMARKS.md embedded in
 * {@link dev.tunerd.simulator.bench.ReferenceFigures}), dispatcher throughput on the section 3 stream
 * ({@link dev.tunerd.simulator.bench.ThroughputBench}) and start-up latency
 * ({@link dev.tunerd.simulator.bench.StartupBench}). Every measurement goes through a daemon child process over the
 * framed pipe. Threading: each driver is called from one thread; the quality driver runs its seeds on its own fixed
 * pool, one daemon child per run in flight.
 */
package dev.tunerd.simulator.bench;
