package dev.tunerd.core.plugin;

import dev.tunerd.core.config.ConfigurationException;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Binds classArgs (a JSON object with snake_case keys) to a provider's args record (camelCase components) strictly:
 * unknown keys are rejected with the list of accepted keys, strings are not numbers, floats are not integers (an
 * integer is accepted for a floating-point component), null is not a primitive, enums take their {@code toString()}
 * form ({@code "maximize"}). Supported component types: {@code int/long/double/float/boolean} and their boxes,
 * {@code String}, enums, nested records, {@code List<X>} of those, and {@link JsonValue} (any JSON, as it is). A key
 * left out or given as null leaves a boxed component null, a primitive 0/false. Range checks are the record's own
 * (its compact constructor throws {@link IllegalArgumentException}).
 *
 * <p>Written over {@link RecordComponent} rather than a data-binding library: binding one small object at start-up
 * does not justify the class loading of one (it was the largest single start-up cost). Stateless and thread-safe.
 */
public final class ClassArgsBinder {

    public ClassArgsBinder() {
    }

    /**
     * @param algorithm the algorithm's name, for messages
     * @throws ConfigurationException naming the key and what is accepted
     */
    public <A extends Record> A bind(String algorithm, JsonObject classArgs, Class<A> argsType) {
        try {
            return RecordBinding.bind(argsType, classArgs, "");
        } catch (RecordBinding.UnknownKey e) {
            throw new ConfigurationException("classArgs of " + algorithm + ": unknown key \"" + e.key
                + "\"; accepted keys: " + accepted(e.accepted), e);
        } catch (RecordBinding.BindingException e) {
            throw new ConfigurationException("classArgs of " + algorithm + ": " + e.getMessage(), e);
        }
    }

    /** The record as classArgs JSON (snake_case keys, compact): the defaults shown by {@code --list}. */
    public String describe(Record args) {
        StringBuilder out = new StringBuilder();
        ArgsJsonWriter.write(out, args);
        return out.toString();
    }

    private static String accepted(List<String> known) {
        TreeSet<String> names = new TreeSet<>(known);
        return names.isEmpty() ? "(none: this algorithm takes no classArgs)" : String.join(", ", names);
    }

    /**
     * Jackson's {@code SNAKE_CASE} naming ({@code nStartupJobs} → {@code n_startup_jobs}), so keys stay as before; a
     * component whose name starts with an upper-case letter is the key verbatim ({@code R}).
     */
    static String snakeCase(String name) {
        if (!name.isEmpty() && Character.isUpperCase(name.charAt(0))) {
            return name; // a component named as the key itself: Hyperband's "R"
        }
        StringBuilder out = new StringBuilder(name.length() + 4);
        boolean previousUpper = false;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (i == 0 && c == '_') {
                continue;
            }
            if (Character.isUpperCase(c)) {
                if (!previousUpper && out.length() > 0 && out.charAt(out.length() - 1) != '_') {
                    out.append('_');
                }
                c = Character.toLowerCase(c);
                previousUpper = true;
            } else {
                previousUpper = false;
            }
            out.append(c);
        }
        return out.toString();
    }

    /** The canonical constructor of a record, made accessible (nested and package-private records are allowed). */
    static Constructor<?> canonicalConstructor(Class<?> type) {
        RecordComponent[] components = type.getRecordComponents();
        Class<?>[] types = new Class<?>[components.length];
        for (int i = 0; i < components.length; i++) {
            types[i] = components[i].getType();
        }
        try {
            Constructor<?> c = type.getDeclaredConstructor(types);
            c.setAccessible(true);
            return c;
        } catch (NoSuchMethodException | RuntimeException e) {
            throw new IllegalStateException("cannot use the constructor of " + type.getName() + ": " + e, e);
        }
    }

    /** Creates a record from its component values; a constructor's own exception is the binding error. */
    static Object construct(Class<?> type, Object[] values) {
        try {
            return canonicalConstructor(type).newInstance(values);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            throw new RecordBinding.BindingException(cause.getMessage() != null ? cause.getMessage() : cause.toString());
        } catch (InstantiationException | IllegalAccessException e) {
            throw new IllegalStateException("cannot create " + type.getName() + ": " + e, e);
        }
    }

    /** The components of a record by their snake_case key, in declaration order. */
    static Map<String, Integer> keys(RecordComponent[] components) {
        Map<String, Integer> keys = new HashMap<>();
        for (int i = 0; i < components.length; i++) {
            keys.put(snakeCase(components[i].getName()), i);
        }
        return keys;
    }

    static List<String> keyList(RecordComponent[] components) {
        List<String> out = new ArrayList<>(components.length);
        for (RecordComponent c : components) {
            out.add(snakeCase(c.getName()));
        }
        return out;
    }
}
