/**
 * The runnable application: {@link dev.tunerd.app.Main} wires the daemon command, the subcommands and the optional
 * seams (WebSocket channel, checkpoint observer), and is the only code that calls {@code System.exit}. Runs on the
 * main thread; everything else lives in {@code dispatcher-core}.
 */
package dev.tunerd.app;
