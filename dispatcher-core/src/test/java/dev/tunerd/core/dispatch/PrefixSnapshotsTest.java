package dev.tunerd.core.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonValue;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class PrefixSnapshotsTest {

    @Test
    void aSnapshotNeverChangesWhateverHappensAfterIt() {
        PrefixSnapshots p = new PrefixSnapshots();
        List<JsonValue> model = new ArrayList<>();
        List<List<JsonValue>> snapshots = new ArrayList<>();
        List<List<JsonValue>> expected = new ArrayList<>();
        SplittableRandom r = new SplittableRandom(3);
        for (int step = 0; step < 2_000; step++) {
            JsonValue v = JsonInt.of(step);
            if (model.isEmpty() || r.nextInt(4) > 0) { // appends, through several growths of the array
                p.append(v);
                model.add(v);
            } else { // a repeated sequence replaces a value snapshots may see
                int i = r.nextInt(model.size());
                p.set(i, v);
                model.set(i, v);
            }
            if (r.nextInt(3) == 0) {
                snapshots.add(p.snapshot());
                expected.add(List.copyOf(model));
            }
        }
        assertEquals(model.size(), p.size());
        assertEquals(expected, snapshots);
        for (int i = 0; i < snapshots.size(); i++) {
            assertEquals(expected.get(i).hashCode(), snapshots.get(i).hashCode());
        }
    }

    @Test
    void snapshotsAreUnmodifiableAndBounded() {
        PrefixSnapshots p = new PrefixSnapshots();
        p.append(JsonInt.of(1));
        List<JsonValue> s = p.snapshot();
        p.append(JsonInt.of(2));
        assertThrows(UnsupportedOperationException.class, () -> s.add(JsonInt.of(3)));
        assertThrows(UnsupportedOperationException.class, () -> s.set(0, JsonInt.of(3)));
        assertThrows(IndexOutOfBoundsException.class, () -> s.get(1));
        assertEquals(List.of(JsonInt.of(1)), s);
    }
}
