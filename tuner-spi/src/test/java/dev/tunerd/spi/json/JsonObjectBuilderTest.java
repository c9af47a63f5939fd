package dev.tunerd.spi.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class JsonObjectBuilderTest {

    @Test
    void anObjectDoesNotChangeWhenItsBuilderGoesOn() {
        JsonObject.Builder b = JsonObject.builder().put("a", 1).put("b", "x");
        JsonObject first = b.build();
        JsonObject second = b.put("c", 2.5).put("a", 7).build();
        assertEquals(List.of("a", "b"), List.copyOf(first.keys()));
        assertEquals(JsonInt.of(1), first.get("a"));
        assertEquals(List.of("a", "b", "c"), List.copyOf(second.keys()));
        assertEquals(JsonInt.of(7), second.get("a"));
        assertEquals(JsonObject.builder().put("a", 1).put("b", "x").build(), first);
    }

    @Test
    void builtObjectsAreUnmodifiable() {
        JsonObject o = JsonObject.builder().put("a", 1).build();
        assertThrows(UnsupportedOperationException.class, () -> o.members().put("b", JsonInt.of(2)));
    }

    @Test
    void anObjectBuiltAtFullCapacityIsNotChangedByLaterPuts() {
        JsonObject.Builder b = JsonObject.builder().put("a", 1).put("b", 2).put("c", 3).put("d", 4);
        JsonObject full = b.build();
        b.put("a", 9).put("e", 5);
        assertEquals(JsonInt.of(1), full.get("a"));
        assertEquals(4, full.size());
        assertEquals(List.of("a", "b", "c", "d"), List.copyOf(full.keys()));
    }

    /** Small objects are arrays, large ones a map: one behaviour (order, equality, hash, text) whichever the form. */
    @Test
    void smallAndLargeObjectsBehaveAsOneOrderedMap() {
        java.util.Map<String, JsonValue> expected = new java.util.LinkedHashMap<>();
        JsonObject.Builder b = JsonObject.builder();
        for (int i = 0; i < 12; i++) {
            b.put("k" + i, i);
            expected.put("k" + i, JsonInt.of(i));
            b.put("k0", -i); // put again: keeps its place, takes the new value
            expected.put("k0", JsonInt.of(-i));
            JsonObject o = b.build();
            assertEquals(expected, o.members());
            assertEquals(List.copyOf(expected.keySet()), List.copyOf(o.keys()));
            assertEquals(expected.hashCode(), o.hashCode());
            assertEquals(expected.toString(), o.toString());
            assertEquals(JsonObject.of(expected), o);
            assertEquals(i + 1, o.size());
            assertEquals(JsonInt.of(-i), o.get("k0"));
            assertEquals(i == 0 ? JsonInt.of(0) : JsonInt.of(i), o.get("k" + i));
        }
        JsonObject reversed = JsonObject.builder().put("b", 2).put("a", 1).build();
        assertEquals(JsonObject.builder().put("a", 1).put("b", 2).build(), reversed); // key order does not matter
        assertEquals(JsonObject.builder().put("a", 1).put("b", 2).build().hashCode(), reversed.hashCode());
        assertEquals(false, reversed.equals(JsonObject.builder().put("a", 1).put("b", 3).build()));
        assertEquals(false, reversed.has("c"));
        assertEquals(null, reversed.get("c"));
        assertThrows(UnsupportedOperationException.class, () -> {
            var it = reversed.members().entrySet().iterator();
            it.next();
            it.remove();
        });
    }
}
