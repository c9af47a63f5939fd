package dev.tunerd.tuners.curvefitting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.tunerd.spi.AssessResult;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import dev.tunerd.spi.json.JsonValue;

class CurvefittingAssessorTest {

    /** A fixed jitter in [-1, 1]: NNI's ensemble withholds its prediction on perfectly smooth curves. */
    private static double jitter(int t) {
        return (((t * 7919) % 13) - 6) / 6.0;
    }

    /**
     * An accuracy curve rising from 0.1 towards {@code top} as {@code t^-0.7}, with 1% jitter. NNI's ensemble (and
     * ours) predicts epoch 20 at 0.332 for (0.4, 8 steps), 0.354 for (0.4, 11), 0.412 for (0.5, 8), 0.634 for
     * (0.9, 6), and withholds a prediction for (0.4, 6).
     */
    private static List<JsonValue> rising(double top, int steps) {
        List<JsonValue> out = new ArrayList<>();
        for (int t = 1; t <= steps; t++) {
            out.add(JsonFloat.of(top - (top - 0.1) * Math.pow(t, -0.7) + 0.01 * jitter(t)));
        }
        return out;
    }

    /** A one-value curve, for a completed trial whose last value is {@code v}. */
    private static List<JsonValue> ending(double v) {
        return List.of(JsonFloat.of(v));
    }

    private static CurvefittingAssessor assessor(String argsMode) {
        return new CurvefittingAssessor(new CurvefittingArgs(null, null, null, null, argsMode));
    }

    private static void complete(CurvefittingAssessor a, String id, List<JsonValue> curve) {
        a.assessTrial(id, curve);
        a.trialEnd(id, true);
    }

    @Test
    void keepsEverythingUntilATrialHasCompleted() {
        CurvefittingAssessor a = assessor(null);
        assertEquals(AssessResult.GOOD, a.assessTrial("t1", rising(0.3, 10)));
    }

    @Test
    void stopsACurveHeadingWellBelowTheBestAndKeepsOneHeadingAboveIt() {
        CurvefittingAssessor a = assessor(null);
        complete(a, "best", ending(0.5));
        assertEquals(AssessResult.BAD, a.assessTrial("poor", rising(0.4, 8)));
        assertEquals(AssessResult.GOOD, a.assessTrial("strong", rising(0.9, 6)));
        assertEquals(AssessResult.GOOD, a.assessTrial("young", rising(0.4, 5)), "before start_step");
    }

    @Test
    void theBestIsTheEndingTrialsOwnLastValueNotTheLastAssessedOnes() {
        // NNI records the last value of whichever trial it assessed last: here the poor trial's 0.2, which would
        // make 0.95 * 0.2 the bar and keep the curve below (predicted 0.412); the ending trial's own 0.5 must count.
        CurvefittingAssessor a = assessor(null);
        a.assessTrial("good", ending(0.5));
        a.assessTrial("poor", ending(0.2));
        a.trialEnd("good", true);
        assertEquals(AssessResult.BAD, a.assessTrial("middling", rising(0.5, 8)));
    }

    @Test
    void aSuccessfulTrialWithoutACurveDoesNotStopTheDeciding() {
        // NNI raises IndexError in trial_end here and its assessor never judges again
        CurvefittingAssessor a = assessor(null);
        a.trialEnd("silent", true);
        assertEquals(AssessResult.GOOD, a.assessTrial("poor", rising(0.4, 8)), "no completed best yet");
        complete(a, "best", ending(0.5));
        a.trialEnd("silent-again", true);
        assertEquals(AssessResult.BAD, a.assessTrial("poor2", rising(0.4, 8)));
    }

    @Test
    void aFailedTrialDoesNotSetTheBest() {
        CurvefittingAssessor a = assessor(null);
        a.assessTrial("crashed", ending(0.99));
        a.trialEnd("crashed", false);
        complete(a, "best", ending(0.5));
        assertEquals(AssessResult.GOOD, a.assessTrial("ok", rising(0.9, 6)));
    }

    @Test
    void nanAndNonNumericCurvesAreNotAssessedAndDoNotCount() {
        CurvefittingAssessor a = assessor(null);
        complete(a, "best", ending(0.5));
        List<JsonValue> nan = new ArrayList<>(rising(0.3, 8));
        nan.set(3, JsonFloat.of(Double.NaN));
        assertEquals(AssessResult.GOOD, a.assessTrial("nan", nan));
        nan.add(JsonFloat.of(0.3));
        assertEquals(AssessResult.GOOD, a.assessTrial("nan", nan), "stays unassessed");
        List<JsonValue> text = new ArrayList<>(rising(0.3, 8));
        text.set(7, new JsonString("high"));
        assertEquals(AssessResult.GOOD, a.assessTrial("text", text));
        List<JsonValue> withDefault = new ArrayList<>(rising(0.4, 7));
        withDefault.add(JsonObject.builder().put("default", rising(0.4, 8).get(7).asDouble()).build());
        assertEquals(AssessResult.BAD, a.assessTrial("dict", withDefault), "{default: x} is a number");
        // an infinite value in a successful trial must not become the best
        List<JsonValue> inf = new ArrayList<>(rising(0.3, 8));
        inf.add(JsonFloat.of(Double.POSITIVE_INFINITY));
        a.assessTrial("inf", inf);
        a.trialEnd("inf", true);
        assertEquals(AssessResult.GOOD, a.assessTrial("strong", rising(0.9, 6)), "an infinite best kills all");
    }

    @Test
    void gapSkipsJudgementsBetweenAssessments() {
        CurvefittingAssessor a = new CurvefittingAssessor(new CurvefittingArgs(20, 6, 0.95, 3, null));
        complete(a, "best", ending(0.5));
        assertEquals(AssessResult.BAD, a.assessTrial("poor", rising(0.4, 8)));
        assertEquals(AssessResult.GOOD, a.assessTrial("poor", rising(0.4, 9)), "8 + gap 3 not reached");
        assertEquals(AssessResult.GOOD, a.assessTrial("poor", rising(0.4, 10)));
        assertEquals(AssessResult.BAD, a.assessTrial("poor", rising(0.4, 11)));
    }

    @Test
    void minimizeStopsLossesPredictedWellAboveTheBest() {
        // predicted final losses: 0.768 for (0.6, 8 steps), 0.502 for (0.3, 9); the bar is 0.6 / 0.95 = 0.632
        CurvefittingAssessor a = assessor("minimize");
        complete(a, "best", ending(0.6));
        assertEquals(AssessResult.BAD, a.assessTrial("poor", loss(0.6, 8)));
        assertEquals(AssessResult.GOOD, a.assessTrial("strong", loss(0.3, 9)));
    }

    /** A loss falling from 1 towards {@code floor + 0.1} as {@code t^-0.7}, with 1% jitter. */
    private static List<JsonValue> loss(double floor, int steps) {
        List<JsonValue> out = new ArrayList<>();
        for (int t = 1; t <= steps; t++) {
            out.add(JsonFloat.of(1 - (1 - floor - 0.1) * (1 - Math.pow(t, -0.7)) - 0.01 * jitter(t)));
        }
        return out;
    }

    @Test
    void sameCurveSameDecision() {
        CurvefittingAssessor a = assessor(null);
        CurvefittingAssessor b = assessor(null);
        complete(a, "best", ending(0.8));
        complete(b, "best", ending(0.8));
        for (double top = 0.7; top < 0.95; top += 0.01) {
            assertEquals(a.assessTrial("x" + top, rising(top, 9)), b.assessTrial("x" + top, rising(top, 9)));
        }
    }

    @Test
    void badClassArgsNameTheKeyAndRange() {
        assertMessage(() -> new CurvefittingArgs(null, null, 0.0, null, null), "threshold must be in (0, 1]");
        assertMessage(() -> new CurvefittingArgs(null, null, 1.5, null, null), "threshold must be in (0, 1]");
        assertMessage(() -> new CurvefittingArgs(5, 6, null, null, null), "start_step must be between 1 and epoch_num");
        assertMessage(() -> new CurvefittingArgs(null, null, null, 0, null), "gap must be between 1 and 9999");
        assertMessage(() -> new CurvefittingArgs(0, null, null, null, null), "epoch_num must be between 1 and 9999");
        assertMessage(() -> new CurvefittingArgs(null, null, null, null, "max"), "optimize_mode must be");
        CurvefittingArgs defaults = new CurvefittingArgs(null, null, null, null, null);
        assertEquals(new CurvefittingArgs(20, 6, 0.95, 1, "maximize"), defaults);
    }

    private static void assertMessage(org.junit.jupiter.api.function.Executable e, String expected) {
        IllegalArgumentException ex = assertThrows(IllegalArgumentException.class, e);
        assertTrue(ex.getMessage().startsWith(expected), ex.getMessage());
    }

    @Test
    void aRestoredAssessorJudgesAgainstTheBestOfTheKilledRun() {
        CurvefittingAssessor a = assessor(null);
        complete(a, "best", ending(0.5));
        a.assessTrial("running", rising(0.4, 3));
        CurvefittingAssessor restored = assessor(null);
        restored.restore(dev.tunerd.protocol.json.Json.parse(
            dev.tunerd.protocol.json.Json.writeAllowingNonFinite(a.snapshot())));
        assertEquals(a.snapshot(), restored.snapshot());
        assertEquals(AssessResult.BAD, restored.assessTrial("poor", rising(0.4, 8)));
        assertEquals(AssessResult.GOOD, assessor(null).assessTrial("poor", rising(0.4, 8)), "a fresh one knows no best");
        assertThrows(IllegalArgumentException.class, () -> restored.restore(JsonObject.builder().put("best", 1.0)
            .build()));
    }

    /**
     * A training loss {@code a + (2.3 - a) exp(-k t)} with 2% jitter, as the simulator's {@code curves} reports: for
     * (a 0.5, k 0.5, 6 steps) the ensemble predicts a final loss of 0.502 from the scores 1 / (1 + loss), and nothing
     * from the negated losses fed before (too few families can take a negative rising curve).
     */
    private static List<JsonValue> decayingLoss(double a, double k, int steps) {
        List<JsonValue> out = new ArrayList<>();
        for (int t = 1; t <= steps; t++) {
            out.add(JsonFloat.of((a + (2.3 - a) * Math.exp(-k * t)) * (1 + 0.02 * jitter(t))));
        }
        return out;
    }

    @Test
    void minimizeFeedsLossesAsScoresSoTheEnsemblePredictsAtTheFirstJudgement() {
        CurvefittingAssessor a = assessor("minimize");
        complete(a, "best", ending(0.3));
        List<JsonValue> curve = decayingLoss(0.5, 0.5, 6);
        assertEquals(AssessResult.BAD, a.assessTrial("poor", curve), "predicted 0.502 against a bar of 0.316");
        double[] negated = curve.stream().mapToDouble(v -> -v.asDouble()).toArray();
        assertTrue(new CurveEnsemble(20, negated).predict(dev.tunerd.tuners.common.Rng.withSeed(1)).isEmpty(),
            "the negated curve (the feed before) gets no prediction, so the trial went on");
        CurvefittingAssessor lenient = assessor("minimize");
        complete(lenient, "best", ending(0.49));
        assertEquals(AssessResult.GOOD, lenient.assessTrial("close", curve), "0.502 is below 0.49 / 0.95 = 0.516");
    }

    @Test
    void lossScoreIsAccuracyLikeAndInvertible() {
        assertEquals(1.0, LossScore.score(0), 0);
        assertEquals(0.5, LossScore.score(1), 0);
        assertEquals(0.001, LossScore.score(999), 1e-15);
        assertEquals(2.3, LossScore.loss(LossScore.score(2.3)), 1e-12);
        assertTrue(Double.isNaN(LossScore.score(-1)), "a loss at -1 has no score");
        assertEquals(Double.POSITIVE_INFINITY, LossScore.loss(0));
        assertEquals(Double.POSITIVE_INFINITY, LossScore.loss(-0.5));
    }

    @Test
    void aLossAtOrBelowMinusOneIsNotAssessed() {
        CurvefittingAssessor a = assessor("minimize");
        complete(a, "best", ending(0.3));
        List<JsonValue> curve = new ArrayList<>(decayingLoss(0.5, 0.5, 6));
        curve.set(2, JsonFloat.of(-1.5));
        assertEquals(AssessResult.GOOD, a.assessTrial("odd", curve));
        assertEquals(AssessResult.GOOD, a.assessTrial("odd", decayingLoss(0.5, 0.5, 7)), "stays unassessed");
    }

    @Test
    void aSnapshotFromBeforeTheScoreFeedIsReadWithItsNegatedLosses() {
        // before the "units" key, a minimising assessor stored the best loss and the last values negated
        JsonObject legacy = JsonObject.builder().put("best", -0.3)
            .put("last", JsonObject.builder().put("poor", -0.9).build())
            .put("judged", JsonObject.builder().build())
            .put("unusable", new dev.tunerd.spi.json.JsonArray(List.of())).build();
        CurvefittingAssessor a = assessor("minimize");
        a.restore(legacy);
        assertEquals(0.3, ((JsonObject) a.snapshot()).get("best").asDouble(), 0);
        assertEquals(AssessResult.BAD, a.assessTrial("poor", decayingLoss(0.5, 0.5, 6)));
        CurvefittingAssessor fresh = assessor("minimize");
        fresh.restore(a.snapshot());
        assertEquals(a.snapshot(), fresh.snapshot(), "the new form is read as written");
    }
}
