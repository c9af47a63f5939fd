package dev.tunerd.simulator.problem;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import dev.tunerd.spi.json.JsonValue;
import java.util.List;

/** Reads typed values out of a trial's parameter object, with errors that name the parameter. Stateless. */
final class Params {

    private Params() {
    }

    static JsonObject object(JsonValue parameters, String what) {
        if (!(parameters instanceof JsonObject o)) {
            throw new IllegalArgumentException(what + " must be a JSON object, got " + parameters.typeName()
                + ": " + parameters);
        }
        return o;
    }

    static double number(JsonObject parameters, String key) {
        JsonValue v = require(parameters, key);
        if (!v.isNumber()) {
            throw new IllegalArgumentException("parameter \"" + key + "\" must be a number, got "
                + v.typeName() + ": " + v);
        }
        return v.asDouble();
    }

    static String string(JsonObject parameters, String key) {
        JsonValue v = require(parameters, key);
        if (!(v instanceof JsonString s)) {
            throw new IllegalArgumentException("parameter \"" + key + "\" must be a string, got "
                + v.typeName() + ": " + v);
        }
        return s.value();
    }

    /** The index in {@code values} of the string parameter {@code key}; an unknown value is named, escaped. */
    static int oneOf(JsonObject parameters, String key, List<String> values) {
        String v = string(parameters, key);
        int i = values.indexOf(v);
        if (i < 0) {
            throw new IllegalArgumentException("parameter \"" + key + "\" must be one of " + values + ", got "
                + Json.write(JsonString.of(v)));
        }
        return i;
    }

    static JsonValue require(JsonObject parameters, String key) {
        JsonValue v = parameters.get(key);
        if (v == null) {
            throw new IllegalArgumentException("parameter \"" + key + "\" is missing from " + parameters.keys());
        }
        return v;
    }
}
