/**
 * Start-up configuration: the NNI environment ({@link dev.tunerd.core.config.NniEnvironment}), NNI's
 * {@code --exp_params} ({@link dev.tunerd.core.config.ExperimentParams}) and the one validated, immutable
 * {@link dev.tunerd.core.config.DaemonSettings} everything else is built from. Errors are
 * {@link dev.tunerd.core.config.ConfigurationException}s (exit code 2). Immutable values, read once on the main
 * thread before any other thread starts.
 */
package dev.tunerd.core.config;
