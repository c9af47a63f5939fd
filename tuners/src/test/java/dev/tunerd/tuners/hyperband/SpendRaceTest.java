package dev.tunerd.tuners.hyperband;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.tuners.hyperband.SpendRace.Arm;
import dev.tunerd.tuners.hyperband.SpendRace.Result;
import dev.tunerd.tuners.hyperband.SpendRace.Standing;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The race's arithmetic ({@link SpendRace}): spends, the comparison at equal spend, and the bounds. */
class SpendRaceTest {

    /** Full trainings of {@code R = 100} with these final losses, the {@code i}-th stamped {@code 100 i}, all in. */
    private static Arm full(double... losses) {
        List<Result> results = new ArrayList<>();
        for (int i = 0; i < losses.length; i++) {
            results.add(new Result(100L * (i + 1), losses[i]));
        }
        return new Arm(100L * losses.length, 100L * losses.length, results);
    }

    @Test
    void aBracketCostsItsRoundsConfigurationsTimesTheirBudgets() {
        assertEquals(405, SpendRace.cost(BracketPlan.hyperband(81, 3), 4), "81 + 27 x 3 + 9 x 9 + 3 x 27 + 81");
        assertEquals(460, SpendRace.cost(BracketPlan.hyperband(100, 3), 4), "81 + 27 x 3 + 9 x 11 + 3 x 33 + 100");
        assertEquals(228, SpendRace.cost(BracketPlan.hyperband(60, 3), 3), "27 x 2 + 9 x 6 + 3 x 20 + 60");
        assertEquals(500, SpendRace.cost(BracketPlan.hyperband(100, 3), 0), "five full trainings");
    }

    @Test
    void theBestWithinASpendReadsOnlyResultsStampedAtMostIt() {
        Arm a = new Arm(920, 920, List.of(new Result(460, 0.03), new Result(920, 0.01)));
        assertEquals(0.03, a.bestWithin(460));
        assertEquals(0.01, a.bestWithin(920));
        assertTrue(Double.isNaN(a.bestWithin(459)), "nothing within 459 epochs");
    }

    /**
     * The comparison is at the spend both arms have in, whole full trainings rounded: a largest bracket of 460 epochs
     * is weighed against five full trainings of 100 (4.6 rounded), not four and not against the training after them.
     */
    @Test
    void theArmsAreComparedByTheirBestAtTheSpendBothHaveIn() {
        Arm halving = new Arm(460, 460, List.of(new Result(460, 0.03)));
        assertEquals(Standing.TRAILS, SpendRace.standing(halving, full(0.5, 0.4, 0.2, 0.1, 0.02), 100),
            "the fifth training, 0.02, beats the winner");
        assertEquals(Standing.LEADS, SpendRace.standing(halving, full(0.5, 0.4, 0.2, 0.1, 0.05), 100));
        assertEquals(Standing.LEADS, SpendRace.standing(halving, full(0.5, 0.4, 0.2, 0.1, 0.05, 0.001), 100),
            "the sixth training lies beyond the equal spend");
        assertEquals(Standing.TRAILS, SpendRace.standing(halving, full(0.5, 0.4, 0.2, 0.1, 0.03), 100),
            "a tie goes to the full trainings");
        assertEquals(Standing.OPEN, SpendRace.standing(halving, full(0.5, 0.4, 0.2, 0.1), 100),
            "400 epochs of full trainings in: the bracket's winner, at 460, is not within them");
        Arm running = new Arm(920, 460, List.of(new Result(460, 0.03), new Result(920, 0.001)));
        assertEquals(Standing.TRAILS, SpendRace.standing(running, full(0.5, 0.4, 0.2, 0.1, 0.02, 0.3, 0.3, 0.3, 0.3,
            0.3), 100), "H's spend in is 460 (its second bracket has not finished): the second winner does not count");
        assertEquals(Standing.OPEN, SpendRace.standing(new Arm(0, 0, List.of()), full(0.5), 100), "no halving yet");
    }

    /** The bound: {@code lead} x F's epochs while H leads or nothing is known, {@code trail} x while it trails. */
    @Test
    void theBoundIsTheLeadsWhileHalvingLeadsOrNothingIsKnownAndTheTrailsWhileItTrails() {
        Arm halving = new Arm(460, 460, List.of(new Result(460, 0.03)));
        Arm leading = full(0.5, 0.4, 0.2, 0.1, 0.05);
        assertEquals(2.0, SpendRace.bound(halving, leading, 100, 2, 0.25), "leads");
        assertEquals(2.0, SpendRace.bound(halving, full(0.5, 0.4, 0.2, 0.1), 100, 2, 0.25), "open");
        assertEquals(0.25, SpendRace.bound(halving, full(0.5, 0.4, 0.2, 0.1, 0.02), 100, 2, 0.25), "trails");
        assertTrue(SpendRace.allows(halving, leading, 460, 2), "920 <= 2 x 500");
        assertFalse(SpendRace.allows(halving, leading, 460, 1.5), "920 > 1.5 x 500");
        assertFalse(SpendRace.allows(halving, leading, 460, 0.25), "920 > 0.25 x 500");
        assertTrue(SpendRace.allows(halving, full(new double[37]), 460, 0.25), "920 <= 0.25 x 3700");
        assertFalse(SpendRace.allows(new Arm(0, 0, List.of()), full(), 405, 100), "no full training yet: no halving");
        assertFalse(SpendRace.allows(new Arm(0, 0, List.of()), full(new double[90]), 405, 0), "bound 0: none");
    }
}
