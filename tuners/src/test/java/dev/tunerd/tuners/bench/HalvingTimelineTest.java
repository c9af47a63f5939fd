package dev.tunerd.tuners.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class HalvingTimelineTest {

    /**
     * A 3-epoch problem (a third of 100 full trainings: 100 epochs). Seed 7: full trainings end at 3 and 43, a halving
     * bracket runs from 3 to 40 (its winner, observed 0.2, the best by a third, ends at 40) and another from 43 past
     * the third (its winner ends at 120): 37 + 57 = 94 epochs of the third in halving brackets. Seed 8: one full
     * training and no halving bracket.
     */
    private static final List<String> TRACE = List.of(
        "      0 0-0",
        "    full 0-0_0_0 at 3: observed 0.5000 true regret 0.4000",
        "      3 0-2",
        "    full 0-2_2_9 at 40: observed 0.2000 true regret 0.1000",
        "     40 1-0",
        "    full 1-0_0_10 at 43: observed 0.3000 true regret 0.3000",
        "     43 1-2",
        "    full 1-2_2_20 at 120: observed 0.1000 true regret 0.0500",
        "  bracket 0-2 best true regret by round: [0.1, 0.1, 0.1, 9.0, 9.0]",
        "7,0.40000,0.20000,0.10000,0.05000,02",
        "      0 0-0",
        "    full 0-0_0_0 at 3: observed 0.5000 true regret 0.4000",
        "8,0.40000,0.40000,0.40000,0.40000,0",
        "mean,0.40000,0.30000,0.25000,0.22500");

    @Test
    void readsEachSeedsHalvingTimeline() {
        List<HalvingTimeline.Seed> seeds = HalvingTimeline.read(TRACE, 3);
        assertEquals(List.of(new HalvingTimeline.Seed(7, 3, 40, 2, 1, 94, true, 0.2),
            new HalvingTimeline.Seed(8, -1, -1, 1, 0, 0, false, 0.4)), seeds);
    }

    @Test
    void summarisesOverTheSeeds() {
        List<String> lines = HalvingTimeline.summary(HalvingTimeline.read(TRACE, 3), 3).lines().toList();
        assertEquals("2 seeds, a third = 100 epochs", lines.get(0));
        assertEquals("first halving bracket starts: median 3 epochs, quartiles 3-3 (1 seeds without one)",
            lines.get(1));
        assertEquals("its first winner ends: median 40 epochs, quartiles 40-40", lines.get(2));
        assertEquals("by a third: full trainings of bracket 0 1.5, winners of halving brackets 0.5 (means)",
            lines.get(3));
        assertEquals("epochs of the first third in halving brackets: 47 %", lines.get(4));
        assertTrue(lines.get(5).endsWith(": 1 seeds"), lines.get(5));
    }
}
