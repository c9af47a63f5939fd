package dev.tunerd.tuners.hyperband;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@code firm_margin} (issue 13 session 21, {@link EarlyStartMargin}): once six full trainings are in, the largest
 * bracket's early start asks that screening gain instead of {@code early_margin}; on four or five it asks {@code
 * early_margin} as before.
 */
class HyperbandFirmMarginTest {
    private static final BracketPlan PLAN = BracketPlan.hyperband(81, 3); // sMax 4: rungs at 1, 3, 9, 27
    private static final int S_MAX = PLAN.sMax();

    /**
     * Full trainings with finals 0.50, 0.51, ... in order, whose values at the rungs up to {@code swappedRungs} rank
     * them as {@code order} does (at the later rungs as the finals do).
     */
    private static List<double[]> evidence(int[] order, int swappedRungs, int n) {
        List<double[]> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            double[] c = new double[S_MAX + 1];
            for (int k = 0; k < S_MAX; k++) {
                c[k] = 2.0 - 0.3 * k + 0.1 * (k < swappedRungs ? order[i] : i);
            }
            c[S_MAX] = 0.5 + 0.01 * i;
            out.add(c);
        }
        return out;
    }

    private static BracketPayoff payoff(double firmMargin) {
        return new BracketPayoff(PLAN, PayoffSettings.replay(0.2).withScreenMargin(0.5).withEarlyMargin(1.0)
            .withFirmMargin(firmMargin));
    }

    @Test
    void sixTrainingsWithAGainBetweenTheTwoMarginsStartTheLargestBracketOnlyWithTheFirmMargin() {
        // ranks swapped in pairs at every rung: a good but imperfect agreement
        List<double[]> six = evidence(new int[] {0, 1, 3, 2, 5, 4}, S_MAX, 6);
        double gain = payoff(-1).screenGain(six, S_MAX);
        assertTrue(gain >= 0.85 && gain < 1.0, "the evidence's gain lies between the margins: " + gain);
        assertFalse(payoff(-1).pays(six, S_MAX), "main's rule: early_margin 1.0 on any evidence");
        assertTrue(payoff(0.85).pays(six, S_MAX), "firm_margin 0.85 from six trainings on");
        assertFalse(payoff(0.85).pays(six, S_MAX - 1), "the smaller brackets still need 10 trainings");
    }

    @Test
    void fourOrFiveTrainingsStillNeedTheEarlyMargin() {
        List<double[]> five = evidence(new int[] {2, 0, 1, 3, 4, 5}, 3, 5);
        double gain = payoff(-1).screenGain(five, S_MAX);
        assertTrue(gain >= 0.85 && gain < 1.0, "the evidence's gain lies between the margins: " + gain);
        assertFalse(payoff(0.85).pays(five, S_MAX), "five trainings: early_margin decides");
        assertEquals(1.0, EarlyStartMargin.required(1.0, 0.85, EarlyStartMargin.FIRM_CURVES - 1));
        assertEquals(0.85, EarlyStartMargin.required(1.0, 0.85, EarlyStartMargin.FIRM_CURVES));
        assertEquals(1.0, EarlyStartMargin.required(1.0, -1, 50), "-1: early_margin on any evidence");
        List<double[]> perfect = evidence(new int[] {0, 1, 2, 3}, S_MAX, 4);
        assertTrue(payoff(0.85).pays(perfect, S_MAX), "a gain above early_margin still starts it on four");
    }

    @Test
    void theClassArgIsOnByDefaultAndChecked() {
        assertEquals(0.85, HyperbandArgs.defaults().firmMargin(), "on since issue 13 session 21");
        String message = assertThrows(IllegalArgumentException.class, () -> args(-0.5)).getMessage();
        assertTrue(message.contains("firm_margin"), message);
        assertEquals(0.85, args(0.85).firmMargin());
    }

    private static HyperbandArgs args(double firmMargin) {
        return HyperbandArgs.defaults().withOptimizeMode("minimize").withR(81).withEta(3).withHoldForDecisions(false)
            .withFirmMargin(firmMargin).withSeed(7L);
    }

    private static HyperbandTuner tuner(double firmMargin) {
        HyperbandTuner t = new HyperbandTuner(args(firmMargin), 7L,
            new AlgorithmContext((id, p) -> { }, Optional.empty(), Clock.systemUTC()));
        t.updateSearchSpace((JsonObject) Json.parse("{\"x\": {\"_type\": \"uniform\", \"_value\": [0, 1]}}"));
        return t;
    }

    /**
     * One at a time; curves whose early ranks only partly hold: {@code x + 16 u / epoch}, {@code u} a configuration's
     * own early advantage unrelated to its final value {@code x} (the largest bracket's rungs at 1, 3, 9 and 27 epochs
     * agree with the finals more and more).
     */
    private static List<String> run(HyperbandTuner t, long from, long to) throws Exception {
        return HyperbandRecheckAllTest.run(t, from, to, (x, e) -> x + 16 * Math.abs(Math.sin(12345 * x)) / e);
    }

    private static int fullTrainingsFirst(List<String> wire) {
        return HyperbandRecheckAllTest.fullTrainingsFirst(wire);
    }

    @Test
    void theLargestBracketStartsOnSixToNineTrainingsWhereMainsRuleWaitedForFifteen() throws Exception {
        List<String> main = run(tuner(-1), 0, 60);
        assertEquals(15, fullTrainingsFirst(main), "main's rule: no gain of 1.0 on 4-9 trainings, then the bracket"
            + " of full trainings started on 9 runs to its end: " + main);
        List<String> firm = run(tuner(0.85), 0, 60);
        int first = fullTrainingsFirst(firm);
        assertTrue(first > EarlyStartMargin.FIRM_CURVES && first < BracketTuner.MIN_PAYOFF_CURVES,
            "with firm_margin the largest bracket starts once six trainings are in (one worker: the evidence is what"
                + " ended before the last issue): " + firm);
        assertTrue(firm.get(first).endsWith("-4_0_" + first), "the largest bracket: " + firm.get(first));
        assertEquals(main.subList(0, first), firm.subList(0, first), "the same full trainings before it");
    }

    @Test
    void aResumedRunGoesOnAsTheKilledOneDid() throws Exception {
        for (long at : new long[] {7, 12, 40}) {
            HyperbandTuner a = tuner(0.85);
            run(a, 0, at);
            JsonValue state = Json.parse(Json.writeAllowingNonFinite(a.snapshot()));
            HyperbandTuner b = tuner(0.85);
            b.restore(state);
            assertEquals(a.snapshot(), b.snapshot());
            assertEquals(run(a, at, 250), run(b, at, 250), "restored after " + at + " trials: the same wire ids");
        }
    }
}
