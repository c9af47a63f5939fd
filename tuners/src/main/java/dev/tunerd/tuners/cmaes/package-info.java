/**
 * CMA-ES (new in tunerd, after Optuna's {@code CmaEsSampler}): covariance matrix adaptation over the numeric
 * parameters in the unit cube with IPOP restarts; categorical and nested parameters drawn from their priors. Not
 * thread-safe; the dispatcher serialises calls.
 */
package dev.tunerd.tuners.cmaes;
