package dev.tunerd.tuners.anneal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.Snapshotting;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.tuners.common.Rng;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * While trials are in flight each suggestion is the farthest of a few draws from the trials in flight and the
 * observations ({@link FlightSpread}); sequential runs draw exactly as without it, and snapshots taken with trials
 * in flight continue identically.
 */
class FlightSpreadTest {
    private static final SearchSpace SQUARE = SearchSpace.parse(JsonObject.builder()
        .put("x", JsonObject.builder().put("_type", "uniform")
            .put("_value", JsonArray.of(JsonFloat.of(0), JsonFloat.of(1))).build())
        .put("y", JsonObject.builder().put("_type", "uniform")
            .put("_value", JsonArray.of(JsonFloat.of(0), JsonFloat.of(1))).build()).build(), SearchSpace.ALL_TYPES);

    private static AnnealSampler sampler(FlightSpread flight, long seed) {
        AnnealAdditions d = AnnealAdditions.DEFAULT;
        return new AnnealSampler(SQUARE, new Rng(seed), AnnealSampler.Liar.NONE,
            new AnnealAdditions(d.exploration(), d.restarts(), d.spread(), d.diversity(), d.focus(), flight));
    }

    private static double loss(double[] x) {
        return (x[0] - 0.3) * (x[0] - 0.3) + (x[1] - 0.7) * (x[1] - 0.7);
    }

    /** Squared distance on the torus of the unit square. */
    private static double torus2(double[] a, double[] b) {
        double sum = 0;
        for (int i = 0; i < a.length; i++) {
            double diff = Math.abs(a[i] - b[i]);
            double w = Math.min(diff, 1 - diff);
            sum += w * w;
        }
        return sum;
    }

    private static double nearest(double[] x, List<double[]> points) {
        return points.stream().mapToDouble(p -> torus2(x, p)).min().orElseThrow();
    }

    @Test
    void sequentialRunsDrawAsWithoutTheSpread() {
        AnnealSampler on = sampler(FlightSpread.DEFAULT, 3);
        AnnealSampler off = sampler(FlightSpread.NONE, 3);
        for (int t = 0; t < 120; t++) {
            double[] a = on.suggest(List.of());
            double[] b = off.suggest(List.of());
            assertArrayEquals(b, a, "trial " + t);
            on.observe(a, loss(a));
            off.observe(b, loss(b));
        }
        // with a trial in flight the two part ways
        List<double[]> inFlight = List.<double[]>of(new double[] {0.3, 0.7});
        boolean differ = false;
        for (int t = 0; t < 5 && !differ; t++) {
            differ = !Arrays.equals(on.suggest(inFlight), off.suggest(inFlight));
        }
        assertTrue(differ);
    }

    @Test
    void theFirstBatchIsSpreadAwayFromTheTrialsInFlight() {
        // nothing observed yet: every draw is a prior draw, as in the first batch of a run
        List<double[]> inFlight = List.of(new double[] {0.2, 0.2}, new double[] {0.7, 0.3}, new double[] {0.4, 0.8});
        int n = 3000;
        double spread = 0;
        double plain = 0;
        AnnealSampler on = sampler(FlightSpread.DEFAULT, 7);
        AnnealSampler off = sampler(FlightSpread.NONE, 7);
        for (int i = 0; i < n; i++) {
            spread += nearest(on.suggest(inFlight), inFlight) / n;
            plain += nearest(off.suggest(inFlight), inFlight) / n;
        }
        // the farthest of three uniform draws lies about twice as far (squared) from its nearest trial in flight
        assertTrue(spread > 1.5 * plain, spread + " vs " + plain);
    }

    @Test
    void theObservationsCountWhenAsked() {
        // the best trial at (0.3, 0.7) among 59 others spread on a grid, one trial in flight far from it: with the
        // observations counted, draws around the best keep farther from the observed points
        List<double[]> observed = new ArrayList<>();
        for (int i = 0; i < 59; i++) {
            observed.add(new double[] {(i % 8 + 0.5) / 8, (i / 8 + 0.5) / 8});
        }
        observed.add(new double[] {0.3, 0.7});
        List<double[]> inFlight = List.<double[]>of(new double[] {0.9, 0.1});
        int n = 3000;
        double[] mean = new double[2];
        FlightSpread[] rules = {new FlightSpread(3, Integer.MAX_VALUE, true, 0.25),
            new FlightSpread(3, Integer.MAX_VALUE, false, 0.25)};
        for (int r = 0; r < 2; r++) {
            AnnealSampler s = sampler(rules[r], 5);
            observed.forEach(o -> s.observe(o, loss(o)));
            for (int i = 0; i < n; i++) {
                mean[r] += nearest(s.suggest(inFlight), observed) / n;
            }
        }
        assertTrue(mean[0] > 1.2 * mean[1], mean[0] + " vs " + mean[1]);
    }

    @Test
    void theRuleActsOnlyInFlightAndBelowItsResultCount() {
        FlightSpread rule = new FlightSpread(3, 20, true, 0.25);
        assertFalse(rule.spreads(0, 0));
        assertTrue(rule.spreads(1, 0));
        assertTrue(rule.spreads(15, 19));
        assertFalse(rule.spreads(15, 20));
        assertFalse(new FlightSpread(1, 20, true, 0.25).spreads(3, 0));
        assertFalse(FlightSpread.NONE.spreads(15, 0));
        assertTrue(FlightSpread.DEFAULT.spreads(3, 1_000_000));
        assertEquals(FlightSpread.DEFAULT, AnnealAdditions.DEFAULT.flight());
        assertEquals(FlightSpread.NONE, AnnealAdditions.NONE.flight());
        assertThrows(IllegalArgumentException.class, () -> new FlightSpread(-1, 0, true, 0.25));
        assertThrows(IllegalArgumentException.class, () -> new FlightSpread(3, -1, true, 0.25));
        assertThrows(IllegalArgumentException.class, () -> new FlightSpread(3, 0, true, Double.NaN));
    }

    private static final JsonObject MIXED = (JsonObject) Json.parse("""
        {"lr": {"_type": "loguniform", "_value": [0.0001, 0.1]},
         "units": {"_type": "randint", "_value": [8, 64]},
         "w": {"_type": "normal", "_value": [0, 2]},
         "opt": {"_type": "choice", "_value": [
             {"_name": "sgd", "momentum": {"_type": "uniform", "_value": [0.5, 0.99]}},
             {"_name": "adam", "beta": {"_type": "qloguniform", "_value": [0.9, 0.999, 0.001]}}]}}
        """);

    private static Tuner anneal(long seed) {
        Tuner t = new AnnealTuner(AlgorithmContext.standalone(), new AnnealClassArgs(OptimizeMode.MINIMIZE, seed));
        t.updateSearchSpace(MIXED);
        return t;
    }

    private static double loss(JsonObject p) {
        return Math.abs(Math.log10(p.get("lr").asDouble()) + 2) + Math.abs(p.get("units").asDouble() - 40) / 10
            + Math.abs(p.get("w").asDouble());
    }

    private static void report(Tuner t, long id, JsonObject p) {
        t.receiveTrialResult(new TrialResult(id, p, JsonFloat.of(loss(p)), false, Optional.empty()));
        t.trialEnd(id, true);
    }

    /** Keeps four trials in flight from id {@code next}: the oldest reports, a new one is issued. */
    private static List<JsonValue> continueInFlight(Tuner t, List<JsonObject> inFlight, long next, int n)
        throws Exception {
        List<JsonValue> out = new ArrayList<>();
        List<JsonObject> running = new ArrayList<>(inFlight);
        for (long id = next; id < next + n; id++) {
            JsonObject p = (JsonObject) t.generateParameters(id);
            out.add(p);
            running.add(p);
            long oldest = id - running.size() + 1;
            report(t, oldest, running.remove(0));
        }
        return out;
    }

    @Test
    void aSnapshotTakenWithTrialsInFlightContinuesIdentically() throws Exception {
        Tuner original = anneal(21);
        for (long id = 0; id < 30; id++) {
            report(original, id, (JsonObject) original.generateParameters(id));
        }
        List<JsonObject> inFlight = new ArrayList<>();
        for (long id = 30; id < 33; id++) {
            inFlight.add((JsonObject) original.generateParameters(id));
        }
        JsonValue state = ((Snapshotting) original).snapshot();
        Json.write(state);
        Tuner restored = anneal(999);
        ((Snapshotting) restored).restore(state);
        assertEquals(continueInFlight(original, inFlight, 33, 20), continueInFlight(restored, inFlight, 33, 20));
    }
}
