package dev.tunerd.core.plugin;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonBool;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonNull;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import dev.tunerd.spi.json.JsonValue;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * The strict conversion of {@link ClassArgsBinder}: one JSON value to one component type, recursively for nested
 * records and lists. Errors name the key path ({@code tpe_args.gamma}, {@code sizes[2]}). Stateless, thread-safe.
 */
final class RecordBinding {

    /** A binding error; the message starts with the key it concerns when there is one. */
    static class BindingException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        BindingException(String message) {
            super(message);
        }
    }

    /** A key the record has no component for. */
    static final class UnknownKey extends BindingException {
        private static final long serialVersionUID = 1L;
        final String key;
        final transient List<String> accepted;

        UnknownKey(String key, List<String> accepted) {
            super("unknown key \"" + key + "\"");
            this.key = key;
            this.accepted = accepted;
        }
    }

    private RecordBinding() {
    }

    /** Binds {@code object} to a record; {@code path} is the key path of the object ("" at the top). */
    static <A> A bind(Class<A> type, JsonObject object, String path) {
        RecordComponent[] components = type.getRecordComponents();
        if (components == null) {
            throw new IllegalStateException(type.getName() + " is not a record");
        }
        Map<String, Integer> keys = ClassArgsBinder.keys(components);
        Object[] values = new Object[components.length];
        for (Map.Entry<String, JsonValue> member : object.members().entrySet()) {
            Integer index = keys.get(member.getKey());
            if (index == null) {
                throw new UnknownKey(path + member.getKey(), ClassArgsBinder.keyList(components));
            }
            RecordComponent c = components[index];
            values[index] = convert(member.getValue(), c.getType(), c.getGenericType(), path + member.getKey());
        }
        for (int i = 0; i < components.length; i++) {
            if (values[i] == null && components[i].getType().isPrimitive()) {
                values[i] = zero(components[i].getType());
            }
        }
        return type.cast(ClassArgsBinder.construct(type, values));
    }

    private static Object convert(JsonValue value, Class<?> type, Type generic, String key) {
        if (value == JsonNull.INSTANCE) {
            if (type.isPrimitive()) {
                throw error(key, "null is not allowed for a " + type.getName());
            }
            return null;
        }
        if (JsonValue.class.isAssignableFrom(type)) {
            if (!type.isInstance(value)) {
                throw error(key, "expected " + type.getSimpleName() + ", got " + describe(value));
            }
            return value;
        }
        if (type == int.class || type == Integer.class) {
            long v = integer(value, key);
            if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
                throw error(key, "integer " + v + " is out of the range of an int");
            }
            return (int) v;
        }
        if (type == long.class || type == Long.class) {
            return integer(value, key);
        }
        if (type == double.class || type == Double.class) {
            return number(value, key);
        }
        if (type == float.class || type == Float.class) {
            return (float) number(value, key);
        }
        if (type == boolean.class || type == Boolean.class) {
            if (value instanceof JsonBool b) {
                return b.value();
            }
            throw error(key, "expected true or false, got " + describe(value));
        }
        if (type == String.class) {
            if (value instanceof JsonString s) {
                return s.value();
            }
            throw error(key, "expected a string, got " + describe(value));
        }
        if (type.isEnum()) {
            return enumConstant(value, type, key);
        }
        if (type.isRecord()) {
            if (value instanceof JsonObject o) {
                return bind(type, o, key + ".");
            }
            throw error(key, "expected an object, got " + describe(value));
        }
        if (type == List.class) {
            return list(value, generic, key);
        }
        throw new IllegalStateException("classArgs component \"" + key + "\" has type " + generic.getTypeName()
            + ", which the classArgs binder does not support");
    }

    private static long integer(JsonValue value, String key) {
        if (value instanceof JsonInt i) {
            return i.value();
        }
        throw error(key, "expected an integer, got " + describe(value));
    }

    private static double number(JsonValue value, String key) {
        if (value instanceof JsonInt i) {
            return i.value();
        }
        if (value instanceof JsonFloat f) {
            return f.value();
        }
        throw error(key, "expected a number, got " + describe(value));
    }

    private static Object enumConstant(JsonValue value, Class<?> type, String key) {
        List<String> names = new ArrayList<>();
        for (Object constant : type.getEnumConstants()) {
            names.add(constant.toString());
            if (value instanceof JsonString s && s.value().equals(constant.toString())) {
                return constant;
            }
        }
        throw error(key, "expected one of " + String.join(", ", names) + ", got " + describe(value));
    }

    private static List<Object> list(JsonValue value, Type generic, String key) {
        if (!(value instanceof JsonArray array)) {
            throw error(key, "expected a list, got " + describe(value));
        }
        Type element = generic instanceof ParameterizedType p ? p.getActualTypeArguments()[0] : Object.class;
        Class<?> elementClass = element instanceof Class<?> c ? c
            : element instanceof ParameterizedType p && p.getRawType() instanceof Class<?> raw ? raw : null;
        if (elementClass == null || elementClass == Object.class) {
            throw new IllegalStateException("classArgs component \"" + key + "\" has type " + generic.getTypeName()
                + "; give the list an element type (List<Integer>, List<JsonValue>, ...)");
        }
        List<Object> out = new ArrayList<>(array.size());
        for (int i = 0; i < array.size(); i++) {
            out.add(convert(array.get(i), elementClass, element, key + "[" + i + "]"));
        }
        return Collections.unmodifiableList(out);
    }

    private static Object zero(Class<?> primitive) {
        if (primitive == boolean.class) {
            return false;
        }
        if (primitive == double.class) {
            return 0.0;
        }
        if (primitive == float.class) {
            return 0.0f;
        }
        if (primitive == long.class) {
            return 0L;
        }
        return 0;
    }

    private static String describe(JsonValue value) {
        String text = Json.writeAllowingNonFinite(value);
        return value.typeName() + " " + (text.length() > 60 ? text.substring(0, 57) + "..." : text);
    }

    private static BindingException error(String key, String problem) {
        return new BindingException("key \"" + key + "\": " + problem);
    }
}
