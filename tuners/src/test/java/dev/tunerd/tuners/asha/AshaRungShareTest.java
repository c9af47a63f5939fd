package dev.tunerd.tuners.asha;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.IntermediateResult;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.util.Optional;
import dev.tunerd.tuners.common.RungValue;
import org.junit.jupiter.api.Test;

/**
 * ASHA's {@code rung_share} (issue 13 session 26): a rung ranks a configuration by the value of its last reports, so
 * one lucky last report does not promote it; the same across a snapshot taken within the window and for a FINAL that
 * arrives after the trial's end.
 */
class AshaRungShareTest {
    private static final JsonObject SPACE = (JsonObject) Json.parse("{\"x\": {\"_type\": \"uniform\", \"_value\": [0, 1]}}");

    /** Rung 0 trains 3 epochs: the losses of its three trials, the first lucky on its last report. */
    private static final double[][] RUNG_ZERO = {{0.9, 0.9, 0.1}, {0.3, 0.3, 0.3}, {0.8, 0.8, 0.8}};

    private static AshaTuner tuner(Double share) {
        AshaTuner t = new AshaTuner(AshaArgs.builder().minBudget(3).maxBudget(9).eta(3).optimizeMode("minimize")
            .rankAgreement(-1.0).rungShare(share).seed(4L).build(), 4L);
        t.updateSearchSpace(SPACE);
        return t;
    }

    private static void report(AshaTuner t, long id, int sequence, double loss) {
        t.receiveIntermediateResult(new IntermediateResult(id, "T" + id, sequence, JsonFloat.of(loss)));
    }

    private static void finalResult(AshaTuner t, long id, double loss) {
        t.receiveTrialResult(new TrialResult(id, JsonObject.EMPTY, JsonFloat.of(loss), false, Optional.empty()));
    }

    /** Which of rung 0's three configurations (0, 1, 2) the fourth request promotes. */
    private static int promoted(AshaTuner t) throws Exception {
        JsonValue up = t.generateParameters(3);
        assertEquals(JsonInt.of(9), ((JsonObject) up).get("TRIAL_BUDGET"), "a promotion to rung 1");
        return Integer.parseInt(t.wireParameterId(3).substring(3));
    }

    private static AshaTuner reportRungZero(AshaTuner t, boolean lateFinal) throws Exception {
        for (long id = 0; id < 3; id++) {
            t.generateParameters(id);
            for (int step = 0; step < 3; step++) {
                report(t, id, step, RUNG_ZERO[(int) id][step]);
            }
            if (lateFinal) { // the end first, the FINAL after it (EN before ME)
                t.trialEnd(id, true);
                finalResult(t, id, RUNG_ZERO[(int) id][2]);
            } else {
                finalResult(t, id, RUNG_ZERO[(int) id][2]);
                t.trialEnd(id, true);
            }
        }
        return t;
    }

    @Test
    void theLastReportAlonePromotesTheLuckyConfigurationAndAWindowTheSteadyOne() throws Exception {
        assertEquals(0, promoted(reportRungZero(tuner(null), false)), "Li et al.'s reading: 0.1 wins");
        assertEquals(1, promoted(reportRungZero(tuner(1.0), false)), "mean 0.3 beats 0.63");
    }

    @Test
    void aFinalAfterTheTrialsEndIsReadWithTheReportsBeforeIt() throws Exception {
        assertEquals(1, promoted(reportRungZero(tuner(1.0), true)));
        assertEquals(0, promoted(reportRungZero(tuner(null), true)));
    }

    @Test
    void aSnapshotWithinTheWindowResumesToTheSamePromotion() throws Exception {
        AshaTuner t = tuner(1.0);
        for (long id = 0; id < 3; id++) {
            t.generateParameters(id);
            for (int step = 0; step < 2; step++) {
                report(t, id, step, RUNG_ZERO[(int) id][step]);
            }
        }
        AshaTuner resumed = tuner(1.0);
        resumed.restore(Json.parse(Json.write(t.snapshot())));
        for (long id = 0; id < 3; id++) {
            report(resumed, id, 2, RUNG_ZERO[(int) id][2]);
            finalResult(resumed, id, RUNG_ZERO[(int) id][2]);
            resumed.trialEnd(id, true);
        }
        assertEquals(1, promoted(resumed));
    }

    @Test
    void aShareOutsideItsRangeNamesTheKey() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> AshaArgs.builder().rungShare(2.0).build());
        assertEquals("rung_share must be between 0 and 1, got 2.0", e.getMessage());
        assertEquals(RungValue.LAST, AshaArgs.builder().build().rungValue(), "Li et al.'s reading by default");
    }
}
