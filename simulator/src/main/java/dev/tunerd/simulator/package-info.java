/**
 * The {@code tunerd simulate} and {@code tunerd bench} commands: thin picocli front ends that validate their options
 * into settings objects and hand over to {@link dev.tunerd.simulator.manager} (the simulated NNI manager, which runs
 * the daemon as a child process), {@link dev.tunerd.simulator.bench} and {@link dev.tunerd.simulator.report}.
 * The application registers them with {@code cli.addSubcommand("simulate", new SimulateCommand())} and
 * {@code cli.addSubcommand("bench", new BenchCommand())}. Nothing here prints on stdout except picocli's
 * {@code --help}; every command instance serves one invocation on one thread.
 */
package dev.tunerd.simulator;
