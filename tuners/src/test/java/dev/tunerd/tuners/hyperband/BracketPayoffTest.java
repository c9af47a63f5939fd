package dev.tunerd.tuners.hyperband;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.tuners.model.RankScores;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The payoff check: a bracket replayed on the full trainings so far against its epochs spent on full trainings. */
class BracketPayoffTest {
    private static final BracketPlan PLAN = BracketPlan.hyperband(81, 3); // sMax 4: rungs at 1, 3, 9, 27

    /** Full trainings whose value at rung k is {@code early(k, final)}, finals 0, 1, ..., n - 1 (losses). */
    private static List<double[]> evidence(int n, java.util.function.BiFunction<Integer, Double, Double> early) {
        List<double[]> out = new ArrayList<>();
        for (int j = 0; j < n; j++) {
            double f = (j * 7) % n; // finals in a shuffled order
            double[] c = new double[PLAN.sMax() + 1];
            for (int k = 0; k < PLAN.sMax(); k++) {
                c[k] = early.apply(k, f);
            }
            c[PLAN.sMax()] = f;
            out.add(c);
        }
        return out;
    }

    @Test
    void theExpectedBestOfFractionalDrawsIsExact() {
        double[] v = {2, 1};
        assertEquals(1.5, BracketPayoff.expectedBest(v, 1), 1e-12);
        assertEquals(1.25, BracketPayoff.expectedBest(v, 2), 1e-12); // min is 2 only when both draws are 2
        assertEquals(1 + Math.pow(0.5, 0.5), BracketPayoff.expectedBest(v, 0.5), 1e-12); // min 2 w.p. 0.5^0.5
    }

    @Test
    void theCostOfABracketIsItsEpochsInFullTrainings() {
        BracketPayoff p = new BracketPayoff(PLAN, PayoffSettings.replay(0));
        assertEquals(5, p.cost(4), 1e-12); // 81 x 1 + 27 x 3 + 9 x 9 + 3 x 27 + 1 x 81 = 405 epochs
        assertEquals(5, p.cost(0), 1e-12);
        assertEquals((15 * 9 + 5 * 27 + 1 * 81) / 81.0, p.cost(2), 1e-12);
    }

    /**
     * {@code realized_share} (issue 13 session 10): the largest bracket's winners against the full trainings' finals;
     * it pays when the mean share of finals below a winner is at most {@code share / (cost + 1)} (cost 5 for R = 81).
     */
    @Test
    void theLargestBracketsWinnersAreWeighedAgainstTheFullTrainings() {
        BracketPayoff p = screening(PLAN, 0.5, 1.0);
        List<double[]> eight = evidence(8, (k, f) -> 5 + f); // finals 0 .. 7
        assertEquals(1, p.realized(eight, List.of(-1.0), 0.5), "a winner better than every full training");
        assertEquals(-1, p.realized(eight, List.of(3.5), 0.5), "a winner in the middle of the full trainings");
        assertEquals(-1, p.realized(eight, List.of(-1.0, 3.5), 0.5), "the mean share (1/4) decides");
        // one final of eight below it: 1/8, above 0.5/6 and below 1/6
        assertEquals(-1, p.realized(eight, List.of(0.5), 0.5));
        assertEquals(1, p.realized(eight, List.of(0.5), 1.0));
        assertEquals(1, p.realized(eight, List.of(0.0), 1.0), "a tie counts half: 1/16");
        assertEquals(0, p.realized(eight, List.of(), 0.5), "no winner yet");
        assertEquals(0, p.realized(eight.subList(0, BracketPayoff.EARLY_CURVES - 1), List.of(-1.0), 0.5),
            "too few full trainings");
    }

    @Test
    void halvingPaysWhereEarlyRanksHoldAndNotWhereTheyAreReversed() {
        BracketPayoff p = new BracketPayoff(PLAN, PayoffSettings.replay(0.1));
        List<double[]> agree = evidence(20, (k, f) -> 5 + f);
        List<double[]> reversed = evidence(20, (k, f) -> 5 - f);
        for (int s = 1; s <= PLAN.sMax(); s++) {
            assertTrue(p.pays(agree, s), "ranks that hold: bracket " + s + " screens more than its cost trains");
            assertFalse(p.pays(reversed, s), "reversed ranks keep the worst: bracket " + s);
        }
        assertTrue(p.pays(reversed, 0), "full trainings always run");
    }

    @Test
    void onlyTheRungsABracketHalvesAtDecide() {
        BracketPayoff p = new BracketPayoff(PLAN, PayoffSettings.replay(0.1));
        // reversed at budgets 1 and 3 (rungs 0, 1), in order from budget 9 on: brackets 1 and 2 halve from budget 9
        List<double[]> late = evidence(30, (k, f) -> k < 2 ? 5 - f : 5 + f);
        assertTrue(p.pays(late, 1));
        assertTrue(p.pays(late, 2));
        assertFalse(p.pays(late, 4));
    }

    @Test
    void tooFewUsableFullTrainingsDecideNothingAndTheAnswerIsRepeatable() {
        BracketPayoff p = new BracketPayoff(PLAN, PayoffSettings.replay(0.1));
        List<double[]> agree = evidence(12, (k, f) -> 5 + f);
        assertTrue(p.pays(agree, 1));
        for (int j = 0; j < 3; j++) {
            agree.get(j)[3] = Double.NaN; // the value at budget 27 never arrived for three of them
        }
        assertFalse(p.pays(agree, 1), "9 usable trainings at budget 27: not enough");
        assertTrue(p.pays(agree.subList(3, 12), 0));
        List<double[]> noisy = evidence(25, (k, f) -> 5 + f + 6 * Math.sin(17 * f + k));
        for (int s = 1; s <= PLAN.sMax(); s++) {
            assertEquals(p.outcome(noisy, s), p.outcome(new ArrayList<>(noisy), s), 0, "replays are seeded");
        }
    }

    @Test
    void theExpectedLargestOfNormalDrawsMatchesKnownValues() {
        assertEquals(0, BracketPayoff.expectedMaxOfNormals(1), 1e-6);
        assertEquals(1 / Math.sqrt(Math.PI), BracketPayoff.expectedMaxOfNormals(2), 1e-6);
        assertEquals(1.16296, BracketPayoff.expectedMaxOfNormals(5), 1e-4); // tables of normal order statistics
        double[] scores = RankScores.normalScores(new double[] {3, 1, 2, 2});
        assertEquals(scores[2], scores[3], 0, "ties share a score");
        assertTrue(scores[1] < scores[2] && scores[2] < scores[0]);
    }

    /**
     * The screening model credits a large bracket with the tail it reaches beyond the evidence when early ranks
     * predict final ones, and never when they are reversed or unrelated; the replay alone cannot tell 81 screened
     * configurations from the best of 12 trainings.
     */
    @Test
    void theScreeningModelCreditsScreeningBeyondTheEvidenceOnlyWhereEarlyRanksPredict() {
        BracketPayoff model = screening(PLAN, 0.3, -1);
        List<double[]> agree = evidence(12, (k, f) -> 5 + f + 1.5 * Math.sin(7 * f + k)); // noisy, mostly agreeing
        List<double[]> reversed = evidence(12, (k, f) -> 5 - f);
        List<double[]> unrelated = evidence(12, (k, f) -> Math.sin(13 * f + 3 * k));
        assertTrue(model.screenGain(agree, 4) > 0.5, "81 configurations screened: " + model.screenGain(agree, 4));
        assertTrue(model.pays(agree, 4));
        for (int s = 1; s <= PLAN.sMax(); s++) {
            assertFalse(model.pays(reversed, s), "reversed: bracket " + s);
            assertTrue(model.screenGain(unrelated, s) < 0.3, "unrelated: bracket " + s + " "
                + model.screenGain(unrelated, s));
        }
        assertEquals(model.screenGain(agree, 3), model.screenGain(new ArrayList<>(agree), 3), 0, "seeded");
    }
    /**
     * {@code early_margin} (issue 13 session 9): a screening gain of at least that lets the largest bracket start from
     * {@value BracketPayoff#EARLY_CURVES} full trainings on, where the other checks need 10; the smaller brackets still
     * wait, reversed ranks never pass, and a plan whose largest bracket cannot gain that much (R = 27: at most 27
     * configurations screened for 4 trainings' epochs) never starts early.
     */
    @Test
    void aClearScreeningGainLetsTheLargestBracketStartOnFewTrainings() {
        BracketPayoff early = screening(PLAN, 0.5, 1.0);
        BracketPayoff session8 = screening(PLAN, 0.5, -1);
        List<double[]> agree = evidence(5, (k, f) -> 5 + f);
        assertTrue(early.screenGain(agree, 4) >= 1.0, "81 screened for 5 trainings: " + early.screenGain(agree, 4));
        assertTrue(early.pays(agree, 4), "5 trainings whose ranks hold at every rung");
        assertTrue(early.thin(agree, 4));
        assertFalse(session8.pays(agree, 4), "session 8 waits for 10");
        for (int s = 1; s < PLAN.sMax(); s++) {
            assertFalse(early.pays(agree, s), "only the largest bracket starts on thin evidence: " + s);
        }
        assertFalse(early.pays(evidence(BracketPayoff.EARLY_CURVES - 1, (k, f) -> 5 + f), 4), "too few trainings");
        assertFalse(early.pays(evidence(5, (k, f) -> 5 - f), 4), "reversed ranks");
        assertFalse(early.pays(evidence(9, (k, f) -> Math.sin(13 * f + 3 * k)), 4), "unrelated ranks");
        assertFalse(screening(PLAN, 0.5, -1).pays(agree, 4), "early_margin -1 is session 8's rule");
        // the replay vetoes a bracket that loses the evidence's two best (ranked second and third early); a clear gain
        // overrides it
        List<double[]> bestLost = evidence(12, (k, f) -> f <= 1 ? 7.5 + f / 10 : 5 + f);
        assertFalse(session8.pays(bestLost, 4), "the replay loses the best of the evidence "
            + session8.outcome(bestLost, 4));
        assertTrue(early.screenGain(bestLost, 4) >= 1.0, "" + early.screenGain(bestLost, 4));
        assertTrue(early.pays(bestLost, 4), "ranks hold for all but one: screening 81 pays");
        BracketPlan short27 = BracketPlan.hyperband(27, 3);
        List<double[]> agree27 = new ArrayList<>();
        for (int j = 0; j < 12; j++) {
            agree27.add(new double[] {5 + j, 5 + j, 5 + j, j});
        }
        BracketPayoff early27 = screening(short27, 0.5, 1.0);
        assertTrue(early27.screenGain(agree27, 3) < 1.0, "" + early27.screenGain(agree27, 3));
        assertFalse(early27.pays(agree27.subList(0, 5), 3), "R = 27 never gains 1.0: no early start");
    }

    /**
     * {@code realized_floor} (issue 13 session 15): a win of the largest bracket's winners lifts its repeat limit only
     * when it rests on at least the floor's full trainings (with a final value; ones without do not count).
     */
    @Test
    void aWinLiftsTheRepeatLimitOnlyOnEnoughFullTrainings() {
        BracketPayoff p = screening(PLAN, 0.5, 1.0);
        List<double[]> eight = evidence(8, (k, f) -> 5 + f); // finals 0 .. 7
        assertEquals(1, p.realized(eight, List.of(-1.0), 0.5), "a win");
        assertTrue(p.winRests(eight, BracketPayoff.EARLY_CURVES), "sessions 10-15: 4 are enough");
        assertTrue(p.winRests(eight, 8));
        assertFalse(p.winRests(eight, 10), "8 full trainings, floor 10");
        List<double[]> withUnfinished = new ArrayList<>(eight);
        withUnfinished.add(new double[] {1, 1, 1, 1, Double.NaN});
        withUnfinished.add(new double[] {1, 1});
        assertFalse(p.winRests(withUnfinished, 10), "trainings without a final value do not count");
        assertTrue(p.winRests(evidence(10, (k, f) -> 5 + f), 10), "10 full trainings");
    }

    /**
     * {@code realized_winners} (issue 13 session 16): a win of the largest bracket's winners is a verdict only when it
     * rests on at least that many winners (one winner beats the threshold by chance about one time in three when the
     * bracket is only as good as its cost in full trainings); a loss counts from the first winner. With 1 (sessions
     * 10-15) one winner better than every full training is a win.
     */
    @Test
    void aWinRestsOnEnoughWinnersALossOnOne() {
        BracketPayoff p = screening(PLAN, 0.5, 1.0);
        List<double[]> eight = evidence(8, (k, f) -> 5 + f); // finals 0 .. 7
        assertEquals(1, p.realized(eight, List.of(-1.0), 0.5, 1), "sessions 10-15: one winner wins");
        assertEquals(0, p.realized(eight, List.of(-1.0), 0.5, 2), "one winner: no verdict yet");
        assertEquals(1, p.realized(eight, List.of(-1.0, -0.5), 0.5, 2), "two winners better than every training");
        assertEquals(-1, p.realized(eight, List.of(3.5), 0.5, 2), "one losing winner is a loss");
        assertEquals(-1, p.realized(eight, List.of(-1.0, 3.5), 0.5, 2), "the mean share (1/4) decides");
        assertEquals(0, p.realized(eight, List.of(), 0.5, 2), "no winner");
    }

    /**
     * {@code thin_margin} (issue 13 session 15): on 4-9 full trainings the largest bracket also starts when its
     * screening gain reaches the margin and the replay does not lose to full trainings; not the other brackets.
     */
    @Test
    void theScreeningRuleOnThinEvidenceStartsOnlyTheLargestBracket() {
        BracketPayoff thin = new BracketPayoff(PLAN, PayoffSettings.replay(0.2).withScreenMargin(0.5)
            .withThinMargin(0.5));
        BracketPayoff off = screening(PLAN, 0.5, -1);
        List<double[]> agree = evidence(5, (k, f) -> 5 + f);
        assertTrue(thin.screenGain(agree, 4) >= 0.5, "" + thin.screenGain(agree, 4));
        assertTrue(thin.pays(agree, 4), "5 trainings whose ranks hold at every rung");
        assertFalse(off.pays(agree, 4), "without it: 10 trainings needed");
        assertFalse(thin.pays(agree, 4, false), "not when the winners have lost (realized_share)");
        for (int s = 1; s < PLAN.sMax(); s++) {
            assertFalse(thin.pays(agree, s), "only the largest bracket: " + s);
        }
        assertFalse(thin.pays(evidence(BracketPayoff.EARLY_CURVES - 1, (k, f) -> 5 + f), 4), "too few trainings");
        assertFalse(thin.pays(evidence(5, (k, f) -> 5 - f), 4), "reversed ranks");
        assertFalse(thin.pays(evidence(9, (k, f) -> f == 0 ? 20 : 5 + f), 4), "the best ranked last early");
    }

    /**
     * Issue 13 session 15: the replay draws the bracket's configurations from the evidence with replacement, and a
     * training drawn twice is one configuration (a real bracket trains distinct ones). Counted as copies, a training
     * that leads the early rungs filled every place of a late round with itself, and the replay lost what a late rung
     * would have picked: here the third best at budget 9 is the best at budget 27 and the best final value.
     */
    @Test
    void aTrainingDrawnTwiceIsOneConfigurationOfTheReplayedBracket() {
        BracketPayoff p = screening(PLAN, 0.5, -1);
        List<double[]> evidence = new ArrayList<>();
        for (int f = 0; f < 30; f++) {
            double early = f == 10 || f == 11 ? 1 + f / 100.0 : f == 0 ? 2 : 5 + f; // rungs at budgets 1, 3, 9
            evidence.add(new double[] {early, early, early, 5 + f, f}); // budget 27: in the order of the finals
        }
        double full = BracketPayoff.expectedBest(evidence.stream().mapToDouble(c -> c[4]).toArray(), p.cost(4));
        double replayed = p.outcome(evidence, 4);
        assertTrue(replayed < 1, "the best of 30 survives whenever it is drawn: " + replayed);
        assertTrue(replayed < full, replayed + " against the best of 5 full trainings " + full);
        assertTrue(p.pays(evidence, 4));
    }

    /** The screening model at {@code screenMargin} ({@code payoff_margin} 0.2), the early start at {@code
     * earlyMargin}. */
    private static BracketPayoff screening(BracketPlan plan, double screenMargin, double earlyMargin) {
        return new BracketPayoff(plan, PayoffSettings.replay(0.2).withScreenMargin(screenMargin)
            .withEarlyMargin(earlyMargin));
    }
}
