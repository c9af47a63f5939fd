package dev.tunerd.protocol.command;

import dev.tunerd.protocol.Command;
import dev.tunerd.protocol.CommandType;
import dev.tunerd.protocol.json.Json;
import dev.tunerd.protocol.json.JsonException;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonNull;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.spi.text.SafeText;

/** Typed access to the members of one command's JSON object, failing with messages that name the field. */
final class Fields {

    private final CommandType type;
    private final JsonObject object;
    private final String where;

    Fields(CommandType type, JsonObject object, String where) {
        this.type = type;
        this.object = object;
        this.where = where;
    }

    /** Parses {@code text} as JSON; {@code what} names it in the error ("content", "field \"value\""). */
    static JsonValue parse(CommandType type, String text, String what) {
        return parse(new Command(type, text), what);
    }

    /** The content of {@code command} as JSON, read from its payload bytes when it has them. */
    static JsonValue parse(Command command, String what) {
        try {
            return command.parseContent();
        } catch (JsonException e) {
            throw new CommandException(command.type(), what + " is not valid JSON: " + e.getMessage(), e);
        }
    }

    static JsonObject parseObject(CommandType type, String text, String what) {
        return parseObject(new Command(type, text), what);
    }

    static JsonObject parseObject(Command command, String what) {
        JsonValue v = parse(command, what);
        if (v instanceof JsonObject o) {
            return o;
        }
        throw new CommandException(command.type(), what + " must be a JSON object, got " + v.typeName());
    }

    CommandException error(String field, String problem) {
        return new CommandException(type, "field \"" + field + "\"" + where + " " + problem);
    }

    String requiredString(String field) {
        String s = optionalString(field);
        if (s == null) {
            throw error(field, "is required");
        }
        return s;
    }

    /** The string member, or null when it is absent or JSON null. */
    String optionalString(String field) {
        JsonValue v = object.get(field);
        if (v == null || v == JsonNull.INSTANCE) {
            return null;
        }
        if (v instanceof JsonString s) {
            return s.value();
        }
        throw error(field, "must be a string, got " + v.typeName());
    }

    /** The member when it is a JSON string, else null (absent, null, or another type). */
    String stringOrNull(String field) {
        return object.get(field) instanceof JsonString s ? s.value() : null;
    }

    /** The integer member, or null when absent or JSON null. */
    Long optionalLong(String field) {
        JsonValue v = object.get(field);
        if (v == null || v == JsonNull.INSTANCE) {
            return null;
        }
        if (v instanceof JsonInt i) {
            return i.value();
        }
        throw error(field, "must be an integer, got " + v.typeName() + " " + SafeText.of(Json.writeAllowingNonFinite(v)));
    }

    int intOrDefault(String field, int dflt) {
        Long v = optionalLong(field);
        if (v == null) {
            return dflt;
        }
        if (v < 0 || v > Integer.MAX_VALUE) {
            throw error(field, "must be between 0 and " + Integer.MAX_VALUE + ", got " + v);
        }
        return v.intValue();
    }

    JsonValue required(String field) {
        JsonValue v = object.get(field);
        if (v == null) {
            throw error(field, "is required");
        }
        return v;
    }

    /**
     * A metric value as NNI loads it: a JSON string is parsed a second time (NaN and Infinity accepted); any other
     * JSON value is taken as it is.
     */
    JsonValue decodedValue(String field) {
        JsonValue v = required(field);
        if (v instanceof JsonString s) {
            return parse(type, s.value(), "field \"" + field + "\"" + where);
        }
        return v;
    }
}
