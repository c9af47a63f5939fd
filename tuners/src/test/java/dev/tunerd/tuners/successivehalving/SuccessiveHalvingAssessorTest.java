package dev.tunerd.tuners.successivehalving;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.spi.AssessResult;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SuccessiveHalvingAssessorTest {

    private static List<JsonValue> curve(double... values) {
        List<JsonValue> out = new ArrayList<>();
        for (double v : values) {
            out.add(JsonFloat.of(v));
        }
        return out;
    }

    /** Feeds the curve one result at a time, as the dispatcher does; returns the first Bad step (1-based) or 0. */
    private static int run(SuccessiveHalvingAssessor a, String trial, double... values) {
        List<JsonValue> all = curve(values);
        for (int k = 1; k <= all.size(); k++) {
            if (a.assessTrial(trial, all.subList(0, k)) == AssessResult.BAD) {
                return k;
            }
        }
        return 0;
    }

    @Test
    void rungsSitAtMinStepTimesPowersOfEtaUpToMaxStep() {
        var a = new SuccessiveHalvingAssessor(new SuccessiveHalvingArgs(null, 2, 3, 20, -1.0, null));
        assertEquals(List.of(2L, 6L, 18L, Long.MAX_VALUE), List.of(a.rungStep(0), a.rungStep(1), a.rungStep(2),
            a.rungStep(3)));
    }

    @Test
    void aTrialOutsideTheTopThirdOfItsRungIsStopped() {
        var a = new SuccessiveHalvingAssessor(new SuccessiveHalvingArgs("maximize", 1, 3, null, -1.0, null));
        assertEquals(0, run(a, "A", 0.5, 0.6, 0.7, 0.8)); // first at every rung it reaches
        assertEquals(1, run(a, "B", 0.4), "second trial at rung 1: keep max(1, 2/3) = 1, and A is better");
        assertEquals(0, run(a, "C", 0.9, 0.9, 0.9), "best so far at rungs 1 and 3");
        // rung 1 now holds 0.5, 0.4, 0.9, D's 0.3: keep 4/3 = 1 -> D (4th) stopped at once
        assertEquals(1, run(a, "D", 0.3, 1.0));
        // the best value so far counts, not the last one: E peaks early and stays in the top third at rung 3
        var b = new SuccessiveHalvingAssessor(new SuccessiveHalvingArgs("maximize", 3, 3, null, -1.0, null));
        assertEquals(0, run(b, "A", 0.1, 0.2, 0.3));
        assertEquals(0, run(b, "E", 0.9, 0.1, 0.1));
    }

    @Test
    void minimisingAndSnapshotsKeepTheRungs() {
        var a = new SuccessiveHalvingAssessor(new SuccessiveHalvingArgs("minimize", 1, 2, null, -1.0, null));
        assertEquals(0, run(a, "A", 1.0, 0.5));
        a.trialEnd("A", true);
        var b = new SuccessiveHalvingAssessor(new SuccessiveHalvingArgs("minimize", 1, 2, null, -1.0, null));
        b.restore(a.snapshot());
        assertEquals(1, run(b, "B", 2.0), "the restored rung remembers A's 1.0");
        assertEquals(0, run(b, "C", 0.1, 0.1));
        assertEquals(a.snapshot().getClass(), JsonObject.class);
    }

    @Test
    void withTheRankCheckARungStopsTrialsOnlyWhereItsRanksAgreeWithCompletedTrials() {
        for (boolean crossing : new boolean[] {true, false}) {
            var a = new SuccessiveHalvingAssessor(new SuccessiveHalvingArgs("maximize", 1, 3, null, 0.6, null));
            for (int i = 0; i < SuccessiveHalvingAssessor.MIN_COMPLETED; i++) {
                double x = (i * 7 % 10) / 10.0; // distinct, shuffled
                // crossing: a large x leads at step 1 and ends behind; otherwise the order never changes
                double last = crossing ? 1 - x : 2 * x;
                assertEquals(0, run(a, "T" + i, x, x, last), "no rung stops anything before enough trials completed");
                a.trialEnd("T" + i, true);
            }
            int stoppedAt = run(a, "late", -1, -1, 5);
            assertEquals(crossing ? 0 : 1, stoppedAt, crossing ? "reversed ranks: the rungs stop nothing"
                : "ranks agree: the worst trial at rung 1 is stopped there");
        }
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new SuccessiveHalvingArgs(null, null, null, null,
            -2.0, null)).getMessage().startsWith("rank_agreement must be between -1 and 1"));
    }

    @Test
    void theDefaultRankCheckWantsAnAgreementOfAtLeastPointSeven() {
        for (Double threshold : new Double[] {null, 0.5}) {
            var a = new SuccessiveHalvingAssessor(new SuccessiveHalvingArgs("maximize", 1, 3, null, threshold, null));
            for (int i = 0; i < SuccessiveHalvingAssessor.MIN_COMPLETED; i++) {
                double x = i / 10.0;
                // the slowest starter ends best, the others keep their order: 9 of 45 pairs reversed, tau 0.6
                double last = i == 0 ? 2 : 1 + x / 10;
                assertEquals(0, run(a, "T" + i, x, x, last), "no rung stops anything before enough trials completed");
                a.trialEnd("T" + i, true);
            }
            assertEquals(threshold == null ? 0 : 1, run(a, "late", -1, -1, 5), threshold == null
                ? "tau 0.6 is below the default 0.7: rung 1 stops nothing"
                : "with rank_agreement 0.5 (the default until issue 13 session 13) rung 1 stops the worst trial");
        }
    }

    @Test
    void withTheRankCheckNoRungStopsATrialInTheLastPartOfTheLongestSuccessfulTraining() {
        for (double threshold : new double[] {0.6, -1}) {
            var a = new SuccessiveHalvingAssessor(new SuccessiveHalvingArgs("maximize", 1, 3, null, threshold, null));
            for (int i = 0; i < SuccessiveHalvingAssessor.MIN_COMPLETED; i++) {
                double x = (i * 7 % 10) / 10.0; // ranks agree: rungs 1 and 3 are trusted
                int stopped = run(a, "T" + i, x, x, 2 * x); // with the check off, Optuna's rule stops 6 of them
                assertTrue(threshold == -1 || stopped == 0, "with the check nothing stops before 10 completed");
                a.trialEnd("T" + i, stopped == 0);
            }
            // best at rung 1 (step 1 of 3), but not in the top third at rung 3 (with the check: sixth of 11, 3 kept)
            int stoppedAt = run(a, "late", 0.95, 0.95, 0.95);
            assertEquals(threshold > -1 ? 0 : 3, stoppedAt, threshold > -1
                ? "rung 3 leaves less than 2/3 of a 3-step training ahead: it records but does not stop"
                : "with the check off every rung stops (Optuna's rule)");
            var restored = new SuccessiveHalvingAssessor(new SuccessiveHalvingArgs("maximize", 1, 3, null, threshold,
                null));
            restored.restore(a.snapshot());
            assertEquals(threshold > -1 ? 0 : 3, run(restored, "again", 0.95, 0.95, 0.95), "the horizon is restored");
        }
    }

    @Test
    void classArgsOutOfRangeNameTheKey() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new SuccessiveHalvingArgs(null, 0, null, null,
            null, null)).getMessage().startsWith("min_step must be"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new SuccessiveHalvingArgs(null, null, 1, null,
            null, null)).getMessage().startsWith("eta must be"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new SuccessiveHalvingArgs(null, 5, null, 4,
            null, null)).getMessage().startsWith("max_step must be"));
    }
}
