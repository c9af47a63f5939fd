package dev.tunerd.tuners.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.LongToDoubleFunction;
import org.junit.jupiter.api.Test;

/** The bootstrap behind RankTable's "P(within)" column. */
class RankTableTest {
    /** Runs on seeds {@code from..from+n-1}, the regret at every budget given by {@code regret(seed)}. */
    private static RankTable.Runs runs(long from, int n, LongToDoubleFunction regret) {
        List<Long> seeds = new ArrayList<>();
        double[][] r = new double[n][QualityBench.BUDGETS.length];
        for (int i = 0; i < n; i++) {
            seeds.add(from + i);
            java.util.Arrays.fill(r[i], regret.applyAsDouble(from + i));
        }
        return new RankTable.Runs(seeds, r);
    }

    /**
     * A subject whose runs are another tuner's (Auto is Metis up to 100 trials) ties with it in every draw, so it is
     * within the best two whenever at most one tuner beats that one, however widely the runs spread; drawn
     * independently it would be so in about half the draws.
     */
    @Test
    void aSubjectThatIsAnotherTunersRunsTiesWithItInEveryDraw() {
        LongToDoubleFunction spread = s -> (s * 7919) % 101;
        Map<String, RankTable.Runs> others = Map.of("Same", runs(0, 20, spread), "Better", runs(0, 20, s -> -1),
            "Worse", runs(0, 20, s -> 1000));
        assertEquals(1.0, RankTable.withinShare(runs(0, 20, spread), others, 0, 500, 3L));
    }

    @Test
    void aSubjectBehindTwoOthersIsNeverWithin() {
        Map<String, RankTable.Runs> others = Map.of("A", runs(0, 20, s -> 1), "B", runs(0, 20, s -> 2));
        assertEquals(0.0, RankTable.withinShare(runs(0, 20, s -> 3 + s % 5), others, 1, 500, 3L));
    }

    /**
     * A tuner without runs on the drawn seeds (another seed set) is drawn from its own runs: against one that is
     * better on half its runs and one that is always worse, the subject is within the best two in every draw; against
     * two such half-better ones, in the draws where at least one median is not below it: a median of 20 such runs is
     * below 10 when 11 or more are 5, with chance (1 - C(20,10)/2^20)/2 = 0.412, so both are with 0.170.
     */
    @Test
    void tunersFromOtherSeedSetsAreDrawnFromTheirOwnRuns() {
        RankTable.Runs subject = runs(0, 20, s -> 10);
        RankTable.Runs halfBetter = runs(500, 20, s -> s % 2 == 0 ? 5 : 15);
        assertEquals(1.0, RankTable.withinShare(subject, Map.of("H", halfBetter, "W", runs(700, 20, s -> 20)), 2,
            500, 3L));
        double share = RankTable.withinShare(subject, Map.of("H", halfBetter, "H2", runs(900, 20,
            s -> s % 2 == 0 ? 5 : 15)), 2, 2000, 3L);
        assertEquals(0.830, share, 0.025, "the chance that not both medians fall below 10");
    }
}
