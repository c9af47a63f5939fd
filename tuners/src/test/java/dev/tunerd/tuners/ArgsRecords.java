package dev.tunerd.tuners;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.List;

/**
 * classArgs records as the classArgs parser binds them: dispatcher-core's {@code ClassArgsBinder}, which this module
 * does not see, calls the canonical constructor with every absent key null. For the tests of the records' builders.
 */
public final class ArgsRecords {
    private ArgsRecords() {
    }

    /** The names of {@code type}'s components, in order. */
    public static List<String> components(Class<? extends Record> type) {
        return Arrays.stream(type.getRecordComponents()).map(RecordComponent::getName).toList();
    }

    /** As the parser binds classArgs that set only {@code component} to {@code value} (component null: {@code {}}). */
    public static <A extends Record> A parsed(Class<A> type, String component, Object value) throws Exception {
        RecordComponent[] components = type.getRecordComponents();
        Object[] values = new Object[components.length];
        Class<?>[] types = new Class<?>[components.length];
        for (int i = 0; i < components.length; i++) {
            types[i] = components[i].getType();
            if (components[i].getName().equals(component)) {
                values[i] = value;
            }
        }
        return type.getDeclaredConstructor(types).newInstance(values);
    }

    /** Asserts that {@code changed} holds {@code value}, not base's, in {@code component}, and base's in the rest. */
    public static void assertOnlyChanged(Record base, Record changed, String component, Object value) throws Exception {
        for (RecordComponent c : base.getClass().getRecordComponents()) {
            Object was = c.getAccessor().invoke(base);
            Object is = c.getAccessor().invoke(changed);
            if (c.getName().equals(component)) {
                assertEquals(value, is, component);
                assertNotEquals(was, is, component + ": a value other than the default");
            } else {
                assertEquals(was, is, component + " changed " + c.getName());
            }
        }
    }
}
