package dev.tunerd.tuners.hyperband;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code ranked_halving} with its guard {@code ranked_chance} (issue 13 session 35, {@link RankedChance}): a best half
 * in order by chance on a few trainings no longer ranks a bracket, an order the trainings keep still does. The curves
 * are those of the largest bracket of {@code R = 27} ({@code sMax = 3}): values at rungs 0..2, then the final.
 */
class RankedHalvingChanceTest {
    private static final BracketPlan PLAN = BracketPlan.hyperband(27, 3);

    /** The rule as the classArgs build it: {@code ranked_halving: 9} and {@code ranked_chance} as given. */
    private static RankedHalving rule(Double chance) {
        return RankedHalving.of(PLAN, PayoffSettings.of(HyperbandArgs.defaults().withRankedHalving(9)
            .withRankedChance(chance)));
    }

    /**
     * {@code finals.length} trainings with final {@code finals[i]} whose value at every rung is {@code rungs[i]}
     * (the same order at every rung).
     */
    private static List<double[]> curves(double[] finals, double[] rungs) {
        List<double[]> out = new ArrayList<>();
        for (int i = 0; i < finals.length; i++) {
            out.add(new double[] {rungs[i] + 0.2, rungs[i] + 0.1, rungs[i], finals[i]});
        }
        return out;
    }

    /** {@code n} trainings, finals 0..n-1, ranked at the rungs as they end. */
    private static List<double[]> ordered(int n) {
        double[] f = new double[n];
        for (int i = 0; i < n; i++) {
            f[i] = i;
        }
        return curves(f, f);
    }

    @Test
    void aChanceOrderOfTheBestFourOfEightTrainingsNoLongerRanks() {
        // the best four in order at every rung, the other four reversed (curves that cross: seed 30927 of session 34)
        double[] finals = {0, 1, 2, 3, 4, 5, 6, 7};
        double[] rungs = {0, 1, 2, 3, 7, 6, 5, 4};
        List<double[]> chance = curves(finals, rungs);
        assertTrue(rule(-1.0).ranked(chance, 2), "unguarded: the early tier (tau 1 on the best four) fires");
        assertFalse(rule(RankedChance.TUNED_ALPHA).ranked(chance, 2), "4 in order: p 1/24 at the first look");
        assertFalse(rule(RankedChance.TUNED_ALPHA).ranked(chance, 3));
        assertFalse(rule(RankedChance.TUNED_ALPHA).rungRanked(chance, 1), "nor does a rung promote by value");
    }

    @Test
    void aModerateOrderOfSevenOfFourteenAtTheSeventhLookNoLongerRanks() {
        // session 35's curves 39214 (1 worker): 14 trainings, the best seven at tau 0.81 at R/9 and R/3 (two swaps)
        double[] finals = new double[14];
        double[] rungs = new double[14];
        for (int i = 0; i < 14; i++) {
            finals[i] = i;
            rungs[i] = i;
        }
        rungs[0] = 2.5; // the best one third at the rungs: two pairs out of order among the best seven
        List<double[]> moderate = curves(finals, rungs);
        assertTrue(rule(-1.0).ranked(moderate, 3), "unguarded: tau 0.81 >= 0.6 on 14 trainings");
        assertFalse(rule(RankedChance.TUNED_ALPHA).ranked(moderate, 3), "p 0.0054 > level / 7 looks");
    }

    @Test
    void anOrderTheTrainingsKeepStillRanks() {
        RankedHalving guarded = rule(RankedChance.TUNED_ALPHA);
        assertTrue(guarded.ranked(ordered(16), 3), "the best eight of sixteen in order: p 1/40320");
        assertTrue(guarded.ranked(ordered(16), 2));
        assertTrue(guarded.rungRanked(ordered(16), 0));
        assertTrue(guarded.ranked(ordered(40), 3), "twenty in order at the 33rd look");
        assertFalse(guarded.ranked(ordered(16), 1), "one halving alone is never enough, guarded or not");
    }

    @Test
    void byDefaultTheRuleIsOnAndGuarded() {
        RankedHalving byDefault = RankedHalving.of(PLAN, PayoffSettings.of(HyperbandArgs.defaults()));
        assertNotNull(byDefault, "ranked_halving is on by default (session 35)");
        assertFalse(byDefault.ranked(curves(new double[] {0, 1, 2, 3, 4, 5, 6, 7},
            new double[] {0, 1, 2, 3, 7, 6, 5, 4}), 2), "the chance order of four does not rank by default");
        assertTrue(byDefault.ranked(ordered(16), 3), "a kept order does");
    }

    @Test
    void offTheRuleIsTheTiersAloneAndWithoutRankedHalvingThereIsNoRule() {
        assertNull(RankedHalving.of(PLAN, PayoffSettings.of(HyperbandArgs.defaults().withRankedHalving(-1)
            .withRankedChance(RankedChance.TUNED_ALPHA))));
        assertNotNull(rule(-1.0));
        assertTrue(rule(-1.0).ranked(ordered(RankedHalving.EARLY_CURVES), 3), "the early tier, unguarded");
    }
}
