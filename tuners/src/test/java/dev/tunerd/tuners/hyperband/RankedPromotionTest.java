package dev.tunerd.tuners.hyperband;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link RankedPromotion} ({@code ranked_halving}, issue 13 session 33): a round promotes by value at a rung where the
 * full trainings' best half keeps its order while main's check does not say the largest bracket pays; elsewhere as the
 * inner ranking ({@code promote_by}) says.
 */
class RankedPromotionTest {
    /** The inner ranking here: the worst values first, so it never agrees with the values. */
    private static final RoundRanking REVERSED = (rung, k, count) -> {
        List<Rung.Entry> all = new ArrayList<>(rung.best(rung.entries.size()));
        java.util.Collections.reverse(all);
        return all.subList(0, count);
    };

    private static Rung round() {
        Rung r = new Rung(1);
        for (int i = 0; i < 9; i++) {
            Rung.Entry e = new Rung.Entry(i, null);
            e.sequence = 1;
            e.loss = 0.1 * (i + 1);
            e.ended = true;
            r.entries.add(e);
        }
        return r;
    }

    /** {@code n} full trainings (rungs 0..2 of {@code sMax = 3}, then the final); rung 0's best half reversed. */
    private static List<double[]> curves(int n) {
        List<double[]> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            double f = (double) i / n;
            out.add(new double[] {-f, f, f, f});
        }
        return out;
    }

    private static List<Integer> counters(List<Rung.Entry> entries) {
        return entries.stream().map(e -> e.counter).toList();
    }

    @Test
    void roundsAtARankedRungPromoteByValueWhileTheRuleIsInCharge() {
        RankedHalving rule = new RankedHalving(BracketPlan.hyperband(27, 3), 3);
        List<double[]> evidence = curves(12);
        boolean[] pays = {false};
        RankedPromotion p = new RankedPromotion(REVERSED, rule, () -> evidence, () -> pays[0]);
        assertEquals(List.of(0, 1, 2), counters(p.best(round(), 1, 3)), "rung 1 ranks the best half: by value");
        assertEquals(List.of(0, 1, 2), counters(p.best(round(), 2, 3)), "so does rung 2");
        assertEquals(List.of(8, 7, 6), counters(p.best(round(), 0, 3)), "rung 0 crosses: the inner ranking");
        assertEquals(List.of(8, 7, 6), counters(p.best(round(), 3, 3)), "the full budget is no rung of the rule");
        pays[0] = true;
        assertEquals(List.of(8, 7, 6), counters(p.best(round(), 1, 3)), "main's check passes: the inner ranking");
        pays[0] = false;
        RankedPromotion thin = new RankedPromotion(REVERSED, rule, () -> curves(RankedHalving.EARLY_CURVES - 1),
            () -> false);
        assertEquals(List.of(8, 7, 6), counters(thin.best(round(), 1, 3)), "too few trainings: the inner ranking");
    }
}
