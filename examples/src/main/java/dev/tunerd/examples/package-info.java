/**
 * An example tunerd plugin: {@link dev.tunerd.examples.ChoiceCycleProvider} (found by ServiceLoader), its classArgs
 * record {@link dev.tunerd.examples.ChoiceCycleArgs}, and {@link dev.tunerd.examples.ChoiceCycleTuner}. Depends on
 * {@code tuner-spi} only. Threading: tunerd calls the tuner from one thread at a time, so it has no locks.
 */
package dev.tunerd.examples;
