package dev.tunerd.tuners.medianstop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TrialOrdinalsTest {

    @Test
    void numbersIdsInOrderAndGivesThemBack() {
        TrialOrdinals ordinals = new TrialOrdinals();
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 5000; i++) {
            ids.add(switch (i % 5) {
                case 0 -> "Ab" + i;                  // NNI-like, packed
                case 1 -> "";                        // the empty id, packed
                case 2 -> "a-much-longer-trial-id-" + i; // too long to pack
                case 3 -> "\u00e9t\u00e9" + i;       // not ASCII
                default -> "12345678".substring(0, 1 + i % 8) + (char) (i % 128);
            });
        }
        List<String> distinct = ids.stream().distinct().toList();
        for (String id : distinct) {
            assertEquals(-1, ordinals.ordinalOf(id), id);
            assertEquals(ordinals.size(), ordinals.add(id));
        }
        assertEquals(distinct.size(), ordinals.size());
        for (int i = 0; i < distinct.size(); i++) {
            assertEquals(i, ordinals.ordinalOf(distinct.get(i)));
            assertEquals(distinct.get(i), ordinals.idOf(i));
        }
        assertEquals(-1, ordinals.ordinalOf("never"));
    }

    @Test
    void packsShortAsciiIdsReversibly() {
        for (String id : new String[] {"", "a", "Ab3dE", "\u0000\u007f", "zzzzzzzz"}) {
            long packed = TrialOrdinals.pack(id);
            assertEquals(id, TrialOrdinals.unpack(packed));
        }
        assertEquals(0, TrialOrdinals.pack("123456789"));
        assertEquals(0, TrialOrdinals.pack("\u00e9"));
    }
}
