/**
 * The in-process quality benchmark of the builtin tuners (nine textbook problems, seeds 0..19, 200 trials), its
 * twin of {@code tunerd bench quality} with trials in flight and seed sets ({@code FlightBench}), a run-by-run
 * trace of single runs across arms ({@code FlightTrace}), and the micro timing of TPE suggestions: main programs
 * for tuning and reporting, not unit tests. Single-threaded unless said.
 */
package dev.tunerd.tuners.bench;
