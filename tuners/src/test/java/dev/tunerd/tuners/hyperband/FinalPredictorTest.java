package dev.tunerd.tuners.hyperband;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.model.RankScores;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * {@link FinalPredictor}: where early values cross the finals as a function of the parameters, the prediction
 * promotes the configurations that end best and the value does not; where the values already rank the finals, the
 * guard ({@code auto}) keeps promotion by value; a restored predictor ranks as the one it was written from.
 */
class FinalPredictorTest {
    private static final int RUNGS = 4;
    /** A configuration {@code {"x": ...}} as its one feature. */
    private static final Function<JsonObject, double[]> FEATURES = p -> new double[] {p.get("x").asDouble()};

    private static JsonObject config(double x) {
        return JsonObject.builder().put("x", JsonFloat.of(x)).build();
    }

    /** Crossing: a large x trains slowly (bad early), and ends best; the early value ranks the finals backwards. */
    private static double early(double x, Rng rng) {
        return 1 + x + 0.05 * rng.nextDouble();
    }

    private static double crossingFinal(double x, Rng rng) {
        return 1 - x + 0.05 * rng.nextDouble();
    }

    private static void feed(FinalPredictor p, int n, boolean crossing, long seed) {
        Rng rng = Rng.withSeed(seed);
        for (int i = 0; i < n; i++) {
            double x = rng.nextDouble();
            double e = early(x, rng);
            double fin = crossing ? crossingFinal(x, rng) : e - 0.5;
            p.ended(config(x), new double[] {e, e, e, e}, fin, i);
        }
    }

    /** A round of 9 configurations x = 0.1 .. 0.9 with early values (ids 0..8 as counters). */
    private static Rung round() {
        Rung r = new Rung(3);
        Rng rng = Rng.withSeed(7);
        for (int i = 0; i < 9; i++) {
            double x = 0.1 * (i + 1);
            Rung.Entry e = new Rung.Entry(i, config(x));
            e.sequence = 1;
            e.loss = early(x, rng);
            e.ended = true;
            r.entries.add(e);
        }
        return r;
    }

    private static List<Integer> counters(List<Rung.Entry> entries) {
        return entries.stream().map(e -> e.counter).toList();
    }

    @Test
    void whereValuesCrossTheFinalsThePredictionPromotesWhatEndsBest() {
        for (FinalPredictor.Mode mode : List.of(FinalPredictor.Mode.AUTO, FinalPredictor.Mode.MODEL)) {
            FinalPredictor p = new FinalPredictor(mode, RUNGS, FEATURES);
            feed(p, 30, true, 1);
            assertTrue(p.usesModel(1), mode + ": the leave-one-out ranks beat the values");
            Rung r = round();
            assertEquals(List.of(0, 1, 2), counters(r.best(3)), "by value: the small x, which end worst");
            assertEquals(List.of(8, 7, 6), counters(p.best(r, 1, 3)), mode + ": by prediction, the large x");
            assertEquals(1, p.tally()[0]);
        }
    }

    @Test
    void whereValuesRankTheFinalsAutoPromotesByValueExactly() {
        FinalPredictor auto = new FinalPredictor(FinalPredictor.Mode.AUTO, RUNGS, FEATURES);
        feed(auto, 30, false, 2);
        assertFalse(auto.usesModel(1), "the prediction cannot beat values that rank the finals exactly");
        Rung r = round();
        assertEquals(r.best(3), auto.best(r, 1, 3));
        FinalPredictor model = new FinalPredictor(FinalPredictor.Mode.MODEL, RUNGS, FEATURES);
        feed(model, 30, false, 2);
        assertTrue(model.usesModel(1), "model: no guard");
    }

    @Test
    void fewTrainingsOrValueModeLeaveTheValuesToDecide() {
        FinalPredictor few = new FinalPredictor(FinalPredictor.Mode.MODEL, RUNGS, FEATURES);
        feed(few, FinalPredictor.MIN_ROWS - 1, true, 3);
        assertFalse(few.usesModel(1));
        feed(few, 1, true, 4);
        assertTrue(few.usesModel(1), "from " + FinalPredictor.MIN_ROWS + " trainings on");
        FinalPredictor value = new FinalPredictor(FinalPredictor.Mode.VALUE, RUNGS, FEATURES);
        feed(value, 30, true, 1);
        Rung r = round();
        assertFalse(value.usesModel(1));
        assertEquals(r.best(3), value.best(r, 1, 3));
        assertFalse(few.usesModel(RUNGS), "no rung of the largest bracket at the full budget");
    }

    /**
     * A search space updated mid-run (NNI allows it) gives configurations of another dimension: a round of them is
     * promoted by value (never an index error inside the fit), and the old trainings leave the evidence once a
     * training of the new space ends.
     */
    @Test
    void aSearchSpaceOfAnotherDimensionFallsBackToValueAndRestartsTheEvidence() {
        double[] extra = {0.5};
        FinalPredictor p = new FinalPredictor(FinalPredictor.Mode.MODEL, RUNGS,
            c -> c.get("y") == null ? FEATURES.apply(c) : new double[] {c.get("x").asDouble(), extra[0]});
        feed(p, 30, true, 1);
        assertTrue(p.usesModel(1));
        Rung r = new Rung(3);
        for (int i = 0; i < 9; i++) {
            Rung.Entry e = new Rung.Entry(i, JsonObject.builder().put("x", JsonFloat.of(0.1 * (i + 1)))
                .put("y", JsonFloat.of(1)).build());
            e.sequence = 1;
            e.loss = 1 + 0.1 * (i + 1);
            e.ended = true;
            r.entries.add(e);
        }
        assertEquals(r.best(3), p.best(r, 1, 3), "features of another length: by value");
        p.ended(r.entries.get(0).params, new double[] {1, 1, 1, 1}, 0.5, 99);
        assertFalse(p.usesModel(1), "one training of the new space: the old ones are gone, too few to fit");
    }

    /** Past {@link FinalPredictor#MAX_FEATURES} features the values decide, however the evidence crosses. */
    @Test
    void aSpaceOfVeryManyFeaturesIsPromotedByValue() {
        for (int width : new int[] {FinalPredictor.MAX_FEATURES, FinalPredictor.MAX_FEATURES + 1}) {
            FinalPredictor p = new FinalPredictor(FinalPredictor.Mode.MODEL, RUNGS, c -> {
                double[] f = new double[width];
                java.util.Arrays.fill(f, 0.5);
                f[0] = c.get("x").asDouble();
                return f;
            });
            feed(p, 30, true, 1);
            assertEquals(width <= FinalPredictor.MAX_FEATURES, p.usesModel(1), width + " features");
        }
    }

    @Test
    void aRestoredPredictorRanksAsTheOneItWasWrittenFrom() {
        FinalPredictor p = new FinalPredictor(FinalPredictor.Mode.AUTO, RUNGS, FEATURES);
        feed(p, 40, true, 5);
        FinalPredictor q = new FinalPredictor(FinalPredictor.Mode.AUTO, RUNGS, FEATURES);
        q.restore(Json.parse(Json.writeAllowingNonFinite(p.snapshot())));
        Rung r = round();
        assertEquals(counters(p.best(r, 2, 3)), counters(q.best(r, 2, 3)));
        assertEquals(Json.writeAllowingNonFinite(p.snapshot()), Json.writeAllowingNonFinite(q.snapshot()));
        String bad = "[{\"x\": [0.5], \"values\": [1, 2], \"final\": 1}]";
        assertThrows(IllegalArgumentException.class, () -> q.restore(Json.parse(bad)), "two values, four rungs");
        String noFinal = "[{\"x\": [0.5], \"values\": [1, 2, 3, 4], \"final\": \"x\"}]";
        assertThrows(IllegalArgumentException.class, () -> q.restore(Json.parse(noFinal)));
        assertTrue(q.usesModel(2), "a refused state leaves the evidence as it was");
    }

    @Test
    void theWindowKeepsTheLastTrainings() {
        FinalPredictor p = new FinalPredictor(FinalPredictor.Mode.MODEL, RUNGS, FEATURES);
        feed(p, FinalPredictor.WINDOW, false, 6); // values rank the finals: ...
        feed(p, FinalPredictor.WINDOW, true, 7); // ... then a window of crossing trainings pushes them all out
        Rung r = round();
        assertEquals(List.of(8, 7, 6), counters(p.best(r, 0, 3)));
        assertNotEquals(counters(r.best(3)), counters(p.best(r, 0, 3)));
    }

    @Test
    void kendallAndQuantileAreRankStatistics() {
        assertEquals(1.0, RankScores.kendall(new double[] {1, 2, 3}, new double[] {10, 20, 30}), 1e-12);
        assertEquals(-1.0, RankScores.kendall(new double[] {1, 2, 3}, new double[] {3, 2, 1}), 1e-12);
        assertEquals(0.5, RankScores.quantile(new double[] {1, 2, 3}, 2), 1e-12);
    }

    /**
     * {@code replay_by_model}: the payoff checks read a training's value at a rung where rounds promote by prediction
     * as its held-out predicted score, which ranks the crossing finals the right way round (the raw values rank them
     * backwards); the final values stay as they are.
     */
    @Test
    void thePayoffChecksReadHeldOutScoresWhereRoundsPromoteByPrediction() {
        BracketPlan plan = BracketPlan.hyperband(81, 3);
        PayoffEvidence evidence = new PayoffEvidence(plan, 100, () -> true);
        FinalPredictor p = new FinalPredictor(FinalPredictor.Mode.AUTO, plan.sMax(), FEATURES);
        Rng rng = Rng.withSeed(8);
        for (int i = 0; i < 30; i++) {
            double x = rng.nextDouble();
            double e = early(x, rng);
            double fin = crossingFinal(x, rng);
            List<Double> history = java.util.Collections.nCopies(81, e);
            evidence.ended(history, fin);
            p.ended(config(x), new double[] {e, e, e, e}, fin, evidence.lastOrdinal());
        }
        List<double[]> raw = evidence.curves();
        evidence.readThrough(p::rescore);
        List<double[]> read = evidence.curves();
        assertEquals(raw.size(), read.size());
        double[] rawRung = raw.stream().mapToDouble(c -> c[1]).toArray();
        double[] readRung = read.stream().mapToDouble(c -> c[1]).toArray();
        double[] finals = raw.stream().mapToDouble(c -> c[plan.sMax()]).toArray();
        assertTrue(RankScores.kendall(rawRung, finals) < -0.5, "the raw values rank the finals backwards");
        assertTrue(RankScores.kendall(readRung, finals) > 0.5, "the held-out scores the right way round");
        for (int i = 0; i < raw.size(); i++) {
            assertEquals(raw.get(i)[plan.sMax()], read.get(i)[plan.sMax()], "final values unchanged");
        }
    }
}
