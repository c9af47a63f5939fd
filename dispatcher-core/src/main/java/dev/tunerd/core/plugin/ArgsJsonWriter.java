package dev.tunerd.core.plugin;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonValue;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.List;

/**
 * Writes an args record back as compact classArgs JSON for {@code --list}: snake_case keys in component order, null
 * written, enums by {@code toString()}, doubles as Java prints them ({@code 1.0}, {@code 1.0E-5}; NaN and infinities
 * as strings), {@link JsonValue}s in Python's format. The same text Jackson produced before. Stateless, thread-safe.
 */
final class ArgsJsonWriter {

    private ArgsJsonWriter() {
    }

    static void write(StringBuilder out, Object value) {
        if (value == null) {
            out.append("null");
        } else if (value instanceof JsonValue json) {
            out.append(Json.writeAllowingNonFinite(json));
        } else if (value instanceof Record record) {
            writeRecord(out, record);
        } else if (value instanceof List<?> list) {
            out.append('[');
            for (int i = 0; i < list.size(); i++) {
                out.append(i > 0 ? "," : "");
                write(out, list.get(i));
            }
            out.append(']');
        } else if (value instanceof Double d && (d.isNaN() || d.isInfinite())) {
            string(out, d.toString());
        } else if (value instanceof Float f && (f.isNaN() || f.isInfinite())) {
            string(out, f.toString());
        } else if (value instanceof Number || value instanceof Boolean) {
            out.append(value);
        } else {
            string(out, value.toString()); // strings and enums
        }
    }

    private static void writeRecord(StringBuilder out, Record record) {
        out.append('{');
        RecordComponent[] components = record.getClass().getRecordComponents();
        for (int i = 0; i < components.length; i++) {
            out.append(i > 0 ? "," : "");
            string(out, ClassArgsBinder.snakeCase(components[i].getName()));
            out.append(':');
            write(out, component(record, components[i]));
        }
        out.append('}');
    }

    private static Object component(Record record, RecordComponent component) {
        try {
            var accessor = component.getAccessor();
            accessor.setAccessible(true);
            return accessor.invoke(record);
        } catch (IllegalAccessException | InvocationTargetException | RuntimeException e) {
            throw new IllegalStateException("cannot read " + record.getClass().getName() + "." + component.getName()
                + ": " + e, e);
        }
    }

    /** A JSON string as Jackson writes it: quotes, backslashes and control characters escaped, the rest as it is. */
    private static void string(StringBuilder out, String s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20) {
                switch (c) {
                    case '\n' -> out.append("\\n");
                    case '\r' -> out.append("\\r");
                    case '\t' -> out.append("\\t");
                    case '\b' -> out.append("\\b");
                    case '\f' -> out.append("\\f");
                    default -> out.append(String.format("\\u%04X", (int) c));
                }
            } else {
                out.append(c);
            }
        }
        out.append('"');
    }
}
