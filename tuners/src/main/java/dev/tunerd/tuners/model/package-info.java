/**
 * The foundation of the model-based tuners (TPE, Anneal, Evolution, and every model that comes after them): the
 * history of completed trials kept in user form so that it survives a search-space update ({@link
 * dev.tunerd.tuners.model.TrialBook}), the trials in flight, losses with NNI's sign conventions ({@link
 * dev.tunerd.tuners.model.Losses}), tolerant handling of results and trial ends in any order, import, NNI's dedup and
 * snapshots ({@link dev.tunerd.tuners.model.HistoryTuner}), and the unit-cube view of a search space ({@link
 * dev.tunerd.tuners.model.UnitSpace}). A new model plugs in as an {@link dev.tunerd.tuners.model.InternalSampler}.
 * Not thread-safe; the dispatcher serialises calls to a tuner. The seeded generator and the normal distribution they
 * draw with are in {@code dev.tunerd.tuners.common}.
 */
package dev.tunerd.tuners.model;
