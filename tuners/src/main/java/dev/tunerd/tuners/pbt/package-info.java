/**
 * The {@code PBT} tuner: NNI's population based training in generations, with checkpoint directories kept under
 * {@code all_checkpoint_dir}, deferred requests paid when a generation completes, and a snapshot for resume.
 * Tuner instances are not thread-safe (the dispatcher serialises calls); the provider is stateless.
 */
package dev.tunerd.tuners.pbt;
