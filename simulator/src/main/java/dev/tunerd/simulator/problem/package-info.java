/**
 * The built-in objectives of the simulator: the textbook functions of BENCHMARKS.md section 1
 * ({@link dev.tunerd.simulator.problem.BoxFunctionProblem}), a mixed conditional space with a provable optimum
 * ({@link dev.tunerd.simulator.problem.MixedSpaceProblem}) and synthetic learning curves for assessors
 * ({@link dev.tunerd.simulator.problem.LearningCurveProblem}), found by name through
 * {@link dev.tunerd.simulator.problem.Problems}. Everything here is a pure function of its inputs and the seed: no
 * I/O, no clocks, no threads; every type is immutable and thread-safe.
 */
package dev.tunerd.simulator.problem;
