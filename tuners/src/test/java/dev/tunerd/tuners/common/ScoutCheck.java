package dev.tunerd.tuners.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.spi.json.JsonObject;
import java.util.List;

/**
 * Test helper for {@code choice_scout} in an advisor, on a space whose named choice {@code c} is "lead" or "late":
 * the run with scouts issues what the run without issues until the model's first draw, which is a scout at the
 * least-tried option; every configuration is counted (draws from the prior apart from the model's own); every
 * option but the model's favourite ends in {@code n} draws from the prior or more, with 1 .. 2n scouts.
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
        double draws = scouted.get("draws").asDouble();
        double priorLate = option(scouted, "tried", "late");
        assertEquals(late, priorLate + option(scouted, "proposed", "late"),
            "every configuration is counted, as a draw from the prior or as the model's own");
        assertEquals(on.size(), priorLate + option(scouted, "tried", "lead") + option(scouted, "proposed", "lead")
            + option(scouted, "proposed", "late"));
        assertEquals(k + draws, priorLate + option(scouted, "tried", "lead"),
            "the draws from the prior: the random start and the scouts");
        for (String o : new String[] {"lead", "late"}) {
            String other = o.equals("lead") ? "late" : "lead";
            boolean favourite = option(scouted, "proposed", o) > option(scouted, "proposed", other);
            assertTrue(favourite || option(scouted, "tried", o) >= n, o + ": in " + n + " draws from the prior or"
                + " more unless the model proposes it most: " + scouted);
        }
        assertTrue(draws >= 1 && draws <= 2 * n, "scouts: " + draws);
    }

    /** The count of {@code option} in the scouts' state's map {@code map} (0 when absent). */
    private static double option(JsonObject scouted, String map, String option) {
        JsonObject c = (JsonObject) ((JsonObject) scouted.get(map)).get("c");
        return c == null || c.get(option) == null ? 0 : c.get(option).asDouble();
    }

    private static boolean late(JsonObject p) {
        return p.get("c").toString().contains("late");
    }
}
