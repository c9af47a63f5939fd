/**
 * The durable checkpoint: an append-only journal of what the dispatcher commits to (search space, reserved ids,
 * issued parameters, results, trial ends, imported data, algorithm snapshots), CRC32C-framed and forced to disk
 * where it matters, folded into atomically renamed snapshots; recovery of it into an immutable
 * {@link dev.tunerd.core.checkpoint.RecoveredState}; and the rule that keeps the manager's re-sent {@code FD} data
 * from being counted twice. The format is specified in {@code docs/CHECKPOINT.md}.
 *
 * <p>Threading: {@link dev.tunerd.core.checkpoint.CheckpointRecorder} is called by the dispatcher's worker threads
 * one at a time and serialises on itself; the reader and the summaries are stateless or immutable. Nothing here
 * prints: the {@code cli} sub-package holds the commands that do. Algorithm snapshots are handed in by the thread that
 * owns the algorithm; the only algorithm calls made here are those of
 * {@link dev.tunerd.core.checkpoint.JournalResumePlan} on resume, on the thread the dispatcher makes them on (main for
 * the assessor, the default worker under the tuner lock for the tuner).
 */
package dev.tunerd.core.checkpoint;
