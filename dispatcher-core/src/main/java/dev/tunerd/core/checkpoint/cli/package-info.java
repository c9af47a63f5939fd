/**
 * The {@code tunerd checkpoint} commands ({@code inspect}, {@code list}): small picocli commands that read
 * checkpoints with {@link dev.tunerd.core.checkpoint.CheckpointReader} and print to the command line's injected
 * writers (never the {@code System} stream directly), so tests capture their output. They are tools run by a user, not the
 * daemon, so printing to stdout is their job. One command instance per invocation; not thread-safe.
 */
package dev.tunerd.core.checkpoint.cli;
