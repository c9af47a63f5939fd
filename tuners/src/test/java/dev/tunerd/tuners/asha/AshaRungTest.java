package dev.tunerd.tuners.asha;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.tunerd.spi.json.JsonObject;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class AshaRungTest {

    private static final JsonObject PARAMS = JsonObject.builder().put("x", 1).build();

    /** What the rung must answer: sort everything, take the first unpromoted one of the top n / eta. */
    private static AshaRung.Done reference(List<AshaRung.Done> done, java.util.Set<Integer> promoted, int eta) {
        List<AshaRung.Done> sorted = new ArrayList<>(done);
        sorted.sort(Comparator.comparingDouble(AshaRung.Done::loss).thenComparingInt(AshaRung.Done::counter));
        for (int i = 0; i < done.size() / eta; i++) {
            if (!promoted.contains(sorted.get(i).counter())) {
                return sorted.get(i);
            }
        }
        return null;
    }

    @Test
    void promotesWhatAFullSortWouldUnderAddsReplacementsAndPromotions() {
        Random r = new Random(7);
        for (int run = 0; run < 20; run++) {
            AshaRung rung = new AshaRung();
            int eta = 2 + r.nextInt(3);
            for (int step = 0; step < 300; step++) {
                int counter = rung.done().size();
                double loss = r.nextInt(10) == 0 ? 0.5 : r.nextDouble(); // ties broken by counter
                rung.add(new AshaRung.Done(counter, PARAMS, loss));
                if (r.nextInt(5) == 0) {
                    rung.replace(r.nextInt(counter + 1), r.nextDouble());
                }
                AshaRung.Done want = reference(rung.done(), rung.promoted, eta);
                assertEquals(want, rung.promotable(eta), "run " + run + " step " + step);
                if (want != null && r.nextBoolean()) {
                    rung.promoted.add(want.counter());
                }
            }
        }
    }

    @Test
    void keepsCompletionOrderAndEmptiesOnClear() {
        AshaRung rung = new AshaRung();
        rung.add(new AshaRung.Done(0, PARAMS, 3.0));
        rung.add(new AshaRung.Done(1, PARAMS, 1.0));
        rung.add(new AshaRung.Done(2, PARAMS, 2.0));
        rung.replace(0, 0.5);
        assertEquals(List.of(0, 1, 2), rung.done().stream().map(AshaRung.Done::counter).toList());
        assertEquals(0.5, rung.done().get(0).loss());
        assertEquals(0, rung.promotable(3).counter());
        rung.promoted.add(0);
        rung.clear();
        assertEquals(0, rung.done().size());
        assertNull(rung.promotable(1));
    }
}
