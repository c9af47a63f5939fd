/**
 * Auto (new in tunerd): picks one of the builtin tuners from the search space and the experiment's budget
 * ({@link dev.tunerd.spi.ExperimentBudget}), says which and why in dispatcher.log, and delegates to it through the
 * provider SPI. Not thread-safe; the dispatcher serialises calls.
 */
package dev.tunerd.tuners.auto;
