/**
 * Bookkeeping shared by TPE and Anneal: the history of completed trials kept in user form (so it survives a search
 * space update), the trials in flight, tolerant handling of results and trial ends in any order, import, NNI's dedup
 * and snapshots. Not thread-safe; the dispatcher serialises calls to a tuner.
 */
package dev.tunerd.tuners.tpe.shared;
