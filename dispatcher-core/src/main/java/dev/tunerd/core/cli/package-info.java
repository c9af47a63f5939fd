/**
 * The command line: {@link dev.tunerd.core.cli.DaemonCommand} (flags, environment and exp_params into one validated
 * {@link dev.tunerd.core.config.DaemonSettings}; its picocli model is built programmatically by
 * {@code DaemonCommandSpec}, cheaper at start-up than reading annotations), {@link dev.tunerd.core.cli.TunerdCli}
 * (exit-code mapping, the place subcommands are attached), {@link dev.tunerd.core.cli.DaemonRunner} (builds
 * algorithms, channel and daemon), {@link dev.tunerd.core.cli.DaemonWiring} (the WebSocket and observer seams) and
 * {@link dev.tunerd.core.cli.StartupWarmup} (start-up work done on a background thread while the command line is
 * parsed). Nothing here calls {@code System.exit}; {@code dev.tunerd.app.Main} does, with the code these return. Main
 * thread only, but for {@code StartupWarmup}, which runs on the thread it is given and shares nothing.
 */
package dev.tunerd.core.cli;
