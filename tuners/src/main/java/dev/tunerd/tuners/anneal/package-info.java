/**
 * NNI's {@code Anneal} tuner: hyperopt's annealing search (sample around one of the best trials in a neighbourhood
 * that shrinks with the number of observations), reimplemented from hyperopt's description over tunerd's internal
 * coordinates, with tunerd's occasional exploratory suggestions ({@link dev.tunerd.tuners.anneal.Exploration}) that
 * let a run leave a local basin. Not thread-safe; the dispatcher serialises calls.
 */
package dev.tunerd.tuners.anneal;
