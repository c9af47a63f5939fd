/**
 * The command line: {@link dev.tunerd.core.cli.DaemonCommand} (picocli; flags, environment and exp_params into one
 * validated {@link dev.tunerd.core.config.DaemonSettings}), {@link dev.tunerd.core.cli.TunerdCli} (exit-code
 * mapping, the place subcommands are attached), {@link dev.tunerd.core.cli.DaemonRunner} (builds algorithms, channel
 * and daemon) and {@link dev.tunerd.core.cli.DaemonWiring} (the WebSocket and observer seams). Nothing here calls
 * {@code System.exit}; {@code dev.tunerd.app.Main} does, with the code these return. Main thread only.
 */
package dev.tunerd.core.cli;
