package dev.tunerd.tuners.hyperband;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.IntermediateResult;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@code recheck_all} (issue 13 session 18): once the evidence is enough for every check (10 full trainings), a
 * bracket of full trainings is looked at through every check at each change of the evidence, so the largest bracket
 * starts as soon as it pays instead of after the bracket of full trainings that was running. With one worker,
 * sessions 11-17 looked through every check only while other trials trained, so the first halving bracket of a run
 * whose early start had not fired started after 15 full trainings (three brackets of five), not 10 or 11.
 */
class HyperbandRecheckAllTest {
    private static final JsonObject SPACE =
        (JsonObject) Json.parse("{\"x\": {\"_type\": \"uniform\", \"_value\": [0, 1]}}");
    private static final int R = 81;

    /** The payoff check's defaults without the early start (so the evidence is never thin when a bracket starts). */
    private static HyperbandTuner tuner(boolean recheckAll) {
        HyperbandTuner t = new HyperbandTuner(HyperbandArgs.defaults().withRankedHalving(-1)
            .withOptimizeMode("minimize").withR(R).withEta(3)
            .withEarlyMargin(-1.0).withRecheckAll(recheckAll).withSeed(7L), 7L, new AlgorithmContext((id, p) -> { },
            Optional.empty(), Clock.systemUTC()));
        t.updateSearchSpace(SPACE);
        return t;
    }

    /**
     * Trains trials {@code from .. to - 1} one at a time on curves whose ranks hold at every budget ({@code x} small
     * is good, {@code x + 1/epoch}); returns their wire ids. Also {@code HyperbandLargestFirstTest}'s.
     */
    static List<String> run(HyperbandTuner t, long from, long to) throws Exception {
        return run(t, from, to, (x, e) -> x + 1.0 / e);
    }

    /** As {@link #run(HyperbandTuner, long, long)} on the curves {@code curve(x, epoch)} (epochs from 1). */
    static List<String> run(HyperbandTuner t, long from, long to, java.util.function.DoubleBinaryOperator curve)
        throws Exception {
        List<String> wire = new ArrayList<>();
        for (long id = from; id < to; id++) {
            JsonObject p = (JsonObject) t.generateParameters(id);
            wire.add(t.wireParameterId(id));
            int budget = (int) Math.round(p.get("TRIAL_BUDGET").asDouble());
            double x = p.get("x").asDouble();
            double v = Double.NaN;
            for (int e = 1; e <= budget; e++) {
                v = curve.applyAsDouble(x, e);
                t.receiveIntermediateResult(new IntermediateResult(id, "T" + id, e - 1, JsonFloat.of(v)));
            }
            t.receiveTrialResult(new TrialResult(id, JsonObject.EMPTY, JsonFloat.of(v), false, Optional.empty()));
            t.trialEnd(id, true);
        }
        return wire;
    }

    /** Full trainings issued before the first configuration of a bracket that halves. */
    static int fullTrainingsFirst(List<String> wire) {
        int n = 0;
        while (n < wire.size() && wire.get(n).contains("-0_0_")) {
            n++;
        }
        return n;
    }

    @Test
    void theLargestBracketStartsOnceItPaysNotAfterTheFullTrainingsThatWereRunning() throws Exception {
        List<String> sessions11to17 = run(tuner(false), 0, 40);
        assertEquals(15, fullTrainingsFirst(sessions11to17),
            "without recheck_all the bracket of full trainings started on 9-10 trainings runs to its end: "
                + sessions11to17);
        List<String> now = run(tuner(true), 0, 40);
        int first = fullTrainingsFirst(now);
        assertTrue(first >= BracketTuner.MIN_PAYOFF_CURVES && first < 15,
            "with recheck_all the largest bracket starts as soon as the checks pass on 10 or more trainings: " + now);
        assertTrue(now.get(first).endsWith("-4_0_" + first),
            "the largest bracket, its counters contiguous with the full trainings': " + now.get(first));
        assertEquals(sessions11to17.subList(0, first), now.subList(0, first), "the same full trainings before it");
    }

    @Test
    void aResumedRunLooksAsTheKilledOneWould() throws Exception {
        HyperbandTuner a = tuner(true);
        List<String> before = run(a, 0, 11);
        assertTrue(before.stream().allMatch(w -> w.contains("-0_0_")), "still full trainings: " + before);
        JsonValue state = Json.parse(Json.writeAllowingNonFinite(a.snapshot()));
        HyperbandTuner b = tuner(true);
        b.restore(state);
        assertEquals(a.snapshot(), b.snapshot());
        List<String> going = run(a, 11, 11 + 2 * 121);
        assertEquals(going, run(b, 11, 11 + 2 * 121), "the restored tuner cuts the full trainings at the same place");
        assertTrue(going.stream().anyMatch(w -> w.contains("-4_")), "a largest bracket started: " + going);
    }
}
