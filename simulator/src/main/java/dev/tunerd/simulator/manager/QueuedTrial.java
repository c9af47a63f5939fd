package dev.tunerd.simulator.manager;

import dev.tunerd.spi.json.JsonValue;

/**
 * A TR received and not started yet. Immutable.
 *
 * @param parameterId  the record's {@code parameter_id}
 * @param parameters   the record's {@code parameters}
 * @param content      the TR content verbatim (it goes back in EN's {@code hyper_params})
 * @param latencyNanos from the GE it answered to its arrival
 */
record QueuedTrial(JsonValue parameterId, JsonValue parameters, String content, long latencyNanos) {
}
