package dev.tunerd.tuners.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.spi.json.JsonObject;
import java.util.List;

/**
 * Test helper for {@code choice_scout} in an advisor, on a space whose named choice {@code c} is "lead" or "late":
 * the run with scouts issues what the run without issues until the model's first draw, which is a scout at the
 * least-tried option; every configuration is counted; each option ends in {@code n} configurations or more, with
 * 1 .. 2n scouts.
 */
public final class ScoutCheck {
    private ScoutCheck() {
    }

    /**
     * {@code off}, {@code on}: the new configurations of the run without and with {@code choice_scout: n}, in order;
     * {@code scouted}: the state the run with scouts wrote in its snapshot.
     */
    public static void scoutsTheLeastTriedUntilEachIsInN(List<JsonObject> off, List<JsonObject> on, JsonObject scouted,
                                                         int n) {
        int k = 0;
        int[] before = new int[2]; // configurations with "lead", with "late", before the first scout
        while (k < off.size() && off.get(k).equals(on.get(k))) {
            before[late(on.get(k)) ? 1 : 0]++;
            k++;
        }
        assertTrue(k >= 5 && k < on.size(), "the random start is shared: " + k + " of " + on.size());
        assertTrue(before[late(on.get(k)) ? 1 : 0] <= before[late(on.get(k)) ? 0 : 1],
            "the first scout takes the least-tried option: " + before[0] + "/" + before[1]);
        int late = 0;
        for (JsonObject p : on) {
            late += late(p) ? 1 : 0;
        }
        JsonObject c = (JsonObject) ((JsonObject) scouted.get("tried")).get("c");
        assertEquals(late, c.get("late").asDouble(), "every configuration is counted");
        assertEquals(on.size() - late, c.get("lead").asDouble());
        assertTrue(late >= n && on.size() - late >= n, "each option in " + n + " configurations or more: " + late);
        double draws = scouted.get("draws").asDouble();
        assertTrue(draws >= 1 && draws <= 2 * n, "scouts: " + draws);
    }

    private static boolean late(JsonObject p) {
        return p.get("c").toString().contains("late");
    }
}
