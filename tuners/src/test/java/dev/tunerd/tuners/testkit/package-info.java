/**
 * The tuner contract test kit: {@link dev.tunerd.tuners.testkit.TunerContractTest} (abstract; each tuner's test
 * subclasses it), the dispatcher stand-in {@link dev.tunerd.tuners.testkit.TrialDriver}, NNI's test search space
 * and the value checks. Test code only; nothing here is thread-safe.
 */
package dev.tunerd.tuners.testkit;
