/**
 * The in-process quality benchmark of the builtin tuners (nine textbook problems, seeds 0..19, 200 trials) and the micro timing of TPE
 * suggestions: main programs for tuning and reporting, not unit tests. Single-threaded.
 */
package dev.tunerd.tuners.bench;
