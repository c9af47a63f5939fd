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
}
