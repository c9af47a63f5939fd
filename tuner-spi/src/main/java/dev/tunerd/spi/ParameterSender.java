package dev.tunerd.spi;

import dev.tunerd.spi.json.JsonValue;

/**
 * Sends a parameter set the tuner owed from an earlier request (NNI's {@code st_callback}): the dispatcher sends
 * {@code TR} for it at once and records it for later results. Thread-safe; call it only with ids the tuner was
 * given in {@link Tuner#generateMultipleParameters} and did not fill.
 */
@FunctionalInterface
public interface ParameterSender {
    void send(long parameterId, JsonValue parameters);
}
