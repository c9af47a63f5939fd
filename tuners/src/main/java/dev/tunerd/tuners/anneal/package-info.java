/**
 * NNI's {@code Anneal} tuner: hyperopt's annealing search (sample around one of the best trials in a neighbourhood
 * that shrinks with the number of observations), reimplemented from hyperopt's description over tunerd's internal
 * coordinates, with tunerd's additions ({@link dev.tunerd.tuners.anneal.AnnealAdditions}: exploratory suggestions and
 * a scout chain that restarts, which let a run leave a local basin, and a window no wider than the spread of the best
 * trials). Not thread-safe; the dispatcher serialises calls.
 */
package dev.tunerd.tuners.anneal;
