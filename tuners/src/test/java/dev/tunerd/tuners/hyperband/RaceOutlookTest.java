package dev.tunerd.tuners.hyperband;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.tuners.hyperband.RaceOutlook.Fit;
import dev.tunerd.tuners.hyperband.SpendRace.Arm;
import dev.tunerd.tuners.hyperband.SpendRace.Result;
import dev.tunerd.tuners.hyperband.SpendRace.Standing;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

/** The race's outlook ({@link RaceOutlook}): the expected best by a horizon, from each arm's spread. */
class RaceOutlookTest {
    private static final int R = 100;
    private static final long LARGEST = SpendRace.cost(BracketPlan.hyperband(R, 3), 4);

    /** Full trainings with these final losses, the {@code i}-th stamped {@code i R}, all in. */
    private static Arm full(double... losses) {
        List<Result> results = new ArrayList<>();
        for (int i = 0; i < losses.length; i++) {
            results.add(new Result((long) R * (i + 1), losses[i]));
        }
        return new Arm((long) R * losses.length, (long) R * losses.length, results);
    }

    /** Largest brackets' winners with these final losses, the {@code i}-th stamped {@code i} brackets' cost, all in. */
    private static Arm winners(double... losses) {
        List<Result> results = new ArrayList<>();
        for (int i = 0; i < losses.length; i++) {
            results.add(new Result(LARGEST * (i + 1), losses[i]));
        }
        return new Arm(LARGEST * losses.length, LARGEST * losses.length, results);
    }

    private static double[] map(double[] v, DoubleUnaryOperator f) {
        double[] out = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = f.applyAsDouble(v[i]);
        }
        return out;
    }

    /** 28 full trainings between 0.2 and 1.0 in a scrambled order, then twelve good ones (0.01 to 0.12) late. */
    private static double[] lateTail() {
        double[] v = new double[40];
        for (int i = 0; i < 28; i++) {
            v[i] = 0.2 + 0.8 * ((i * 11) % 28) / 27.0;
        }
        for (int i = 28; i < 40; i++) {
            v[i] = 0.01 * (i - 27);
        }
        return v;
    }

    /** Six winners in a narrow band, all better than the first 28 full trainings, worse than the last twelve. */
    private static final double[] BAND = {0.15, 0.151, 0.152, 0.153, 0.154, 0.155};

    @Test
    void theExpectedMaximumOfStandardNormalsIsBlomsApproximation() {
        assertEquals(0, RaceOutlook.expectedMax(1), "one draw: its mean");
        assertEquals(0, RaceOutlook.expectedMax(0.5), "less than one draw: none beyond the mean");
        assertEquals(1 / Math.sqrt(Math.PI), RaceOutlook.expectedMax(2), 0.03, "exact for two: 1 / sqrt(pi)");
        assertEquals(1.5388, RaceOutlook.expectedMax(10), 0.01, "ten draws");
        assertEquals(2.5076, RaceOutlook.expectedMax(100), 0.01, "a hundred draws");
        assertTrue(RaceOutlook.expectedMax(21.7) < RaceOutlook.expectedMax(100));
    }

    /** Draws by the horizon: its epochs over the arm's epochs per result, at least the results it has. */
    @Test
    void anArmsDrawsAreTheHorizonsEpochsOverItsEpochsPerResult() {
        assertEquals(100.0, RaceOutlook.draws(full(0.5, 0.4, 0.3), 100.0 * R), 1e-9, "a result per R");
        assertEquals(100.0 * R / LARGEST, RaceOutlook.draws(winners(0.3, 0.2), 100.0 * R), 1e-9,
            "a winner per largest bracket: 10,000 / 460");
        assertEquals(40, RaceOutlook.draws(full(lateTail()), 10.0 * R), 1e-9, "a horizon already passed: its 40");
    }

    /** A single winner borrows the pooled scale; many results keep their own. */
    @Test
    void theScalesShrinkTowardsThePooledOneWhileAnArmHasFewResults() {
        Fit[] one = RaceOutlook.fits(winners(0.15), full(0.5, 0.4, 0.3, 0.2, 0.1, 0.6));
        assertEquals(one[1].scale(), one[0].scale(), 1e-12,
            "one winner: the pooled scale, which is then also the full trainings' (their own plus two of it)");
        Fit[] band = RaceOutlook.fits(winners(BAND), full(lateTail()));
        assertTrue(band[0].scale() < 0.6 * band[1].scale(), "six close winners: a narrow scale, " + band[0].scale()
            + " against " + band[1].scale());
        assertTrue(band[0].location() < band[1].location(), "the winners are better than the typical training");
    }

    /**
     * The case the outlook is for: six winners in a narrow band lead at equal spend (the full trainings within the same
     * epochs, the first 28, are all worse), but the full trainings spread into a tail that has reached further; by a
     * horizon of 100 full trainings the outlook hands the budget to them.
     */
    @Test
    void theOutlookTrailsWhereTheWinnersLeadAtEqualSpendButClusterInABand() {
        Arm halving = winners(BAND);
        Arm full = full(lateTail());
        assertEquals(Standing.LEADS, SpendRace.standing(halving, full, R), "at 2,760 epochs: 0.15 against 0.2");
        assertEquals(Standing.TRAILS, RaceOutlook.standing(halving, full, R, 100));
        assertEquals(Standing.LEADS, RaceOutlook.standing(winners(0.005, 0.006, 0.007), full, R, 100),
            "winners better than every training lead");
        assertEquals(Standing.OPEN, RaceOutlook.standing(new Arm(LARGEST, 0, List.of()), full, R, 100), "no winner");
        assertEquals(Standing.OPEN, RaceOutlook.standing(halving, full(), R, 100), "no full training");
    }

    /** Ranks only: the loss's scale, shift and any increasing transform give the same standing and fits. */
    @Test
    void theOutlookReadsRanksOnly() {
        double[] w = BAND;
        double[] f = lateTail();
        Fit[] plain = RaceOutlook.fits(winners(w), full(f));
        for (DoubleUnaryOperator t : List.<DoubleUnaryOperator>of(Math::log, v -> 1000 * v - 7, v -> -1 / v)) {
            Fit[] moved = RaceOutlook.fits(winners(map(w, t)), full(map(f, t)));
            assertEquals(plain[0], moved[0]);
            assertEquals(plain[1], moved[1]);
            assertEquals(Standing.TRAILS, RaceOutlook.standing(winners(map(w, t)), full(map(f, t)), R, 100));
        }
    }
}
