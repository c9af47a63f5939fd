/**
 * The dispatch core: {@link dev.tunerd.core.dispatch.Daemon} (reader thread, two bounded queues with their workers,
 * the end of the process), {@link dev.tunerd.core.dispatch.MsgDispatcher} (NNI's command handlers), and the state
 * they keep ({@link dev.tunerd.core.dispatch.ParameterLedger}, {@link dev.tunerd.core.dispatch.AssessorHistories})
 * in small synchronized classes a checkpoint can read. {@link dev.tunerd.core.dispatch.DispatchObserver} is the seam
 * to the checkpoint journal.
 *
 * <p>Threading (see {@code docs/THREADING.md}): the reader never runs algorithm code; each worker handles one command
 * at a time; calls into one tuner never overlap (a lock per tuner); every reply goes through the one
 * {@link dev.tunerd.core.dispatch.ReplySink}. Nothing here reads the environment, parses the command line or calls
 * {@code System.exit}.
 */
package dev.tunerd.core.dispatch;
