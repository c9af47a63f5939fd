package dev.tunerd.tuners.chaos;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.IntermediateResult;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.tuners.asha.AshaArgs;
import dev.tunerd.tuners.asha.AshaTuner;
import dev.tunerd.tuners.bohb.BohbArgs;
import dev.tunerd.tuners.bohb.BohbTuner;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The streams {@link AdvisorChaosTest} and {@link SnapshotTamperTest} found broken (issue 13, session 31), each
 * shrunk by hand to the few calls that still break it.
 */
class ChaosRegressionTest {

    private static AshaTuner asha() {
        AshaTuner t = new AshaTuner(AshaArgs.builder().minBudget(1).maxBudget(9).eta(3).optimizeMode("maximize")
            .sampler("random").rankAgreement(-1.0).seed(5L).build(), 5L);
        t.updateSearchSpace(Advisor.SPACE);
        return t;
    }

    private static TrialResult result(long id, double v) {
        return new TrialResult(id, JsonObject.EMPTY, JsonFloat.of(v), false, Optional.of("T" + id));
    }

    /**
     * Seed 31009 (asha-random, 4 workers): a trial ended without its FINAL, then a kill and a resume from the snapshot,
     * then the FINAL. The restored ASHA had forgotten the trials waiting for a FINAL, so it ignored it and drew a new
     * configuration where the uninterrupted one promoted that trial.
     */
    @Test
    void aFinalAfterTheEndCountsTheSameAfterARestore() throws Exception {
        AshaTuner a = asha();
        for (long id = 0; id < 3; id++) {
            a.generateParameters(id);
        }
        a.receiveIntermediateResult(new IntermediateResult(0, "T0", 0, JsonFloat.of(0.1)));
        a.trialEnd(0, true); // its FINAL is still to come
        a.receiveTrialResult(result(1, 0.5));
        a.trialEnd(1, true);
        a.receiveTrialResult(result(2, 0.3));
        a.trialEnd(2, true);
        AshaTuner b = asha();
        b.restore(Json.parse(Json.writeAllowingNonFinite(a.snapshot())));
        a.receiveTrialResult(result(0, 0.9));
        b.receiveTrialResult(result(0, 0.9));
        assertEquals(a.generateParameters(3), b.generateParameters(3));
        assertEquals("r1_0", a.wireParameterId(3), "the late 0.9 makes configuration 0 the best of rung 0");
        assertEquals(a.wireParameterId(3), b.wireParameterId(3));
    }

    /**
     * Seeds 40156 and 40168 (BOHB, tpe and kde): a late value for a trial that had ended (here an intermediate result
     * after its end, which had no FINAL) revised its result while a bracket's first round was being drawn, so the
     * revision was held back from the model; a snapshot then restored a model rebuilt with the revised value, and the
     * restored BOHB drew other configurations than the uninterrupted one until the round was drawn. The late value is
     * sent after every number of trials up to 30, so it lands in such a round whatever the brackets' sizes.
     */
    @Test
    void aRevisionHeldBackFromTheModelIsHeldBackAfterARestoreToo() throws Exception {
        for (String sampler : new String[] {"tpe", "kde"}) {
            for (int k = 1; k <= 30; k++) {
                BohbArgs args = BohbArgs.builder().minBudget(1).maxBudget(9).eta(3).sampler(sampler).minPointsInModel(3)
                    .randomFraction(0.0).seed(2L).build();
                BohbTuner a = new BohbTuner(args, 2L, AlgorithmContext.standalone());
                a.updateSearchSpace(Advisor.SPACE);
                a.generateParameters(0);
                a.receiveIntermediateResult(new IntermediateResult(0, "T0", 0, JsonFloat.of(0.5)));
                a.trialEnd(0, true); // no FINAL: its result is its last intermediate one
                for (long id = 1; id <= k; id++) {
                    a.generateParameters(id);
                    a.receiveTrialResult(result(id, 0.1 + 0.01 * id));
                    a.trialEnd(id, true);
                }
                a.receiveIntermediateResult(new IntermediateResult(0, "T0", 5, JsonFloat.of(-1.0))); // late: best to worst
                BohbTuner b = new BohbTuner(args, 2L, AlgorithmContext.standalone());
                b.updateSearchSpace(Advisor.SPACE);
                b.restore(Json.parse(Json.writeAllowingNonFinite(a.snapshot())));
                for (long id = k + 1; id <= k + 6; id++) {
                    JsonValue p = a.generateParameters(id);
                    assertEquals(p, b.generateParameters(id), sampler + ", late value after " + k + " trials, id " + id);
                    a.receiveTrialResult(result(id, 0.2));
                    b.receiveTrialResult(result(id, 0.2));
                    a.trialEnd(id, true);
                    b.trialEnd(id, true);
                }
            }
        }
    }

    /**
     * Seeds 31001 (tpe) and 31005 (kde): an {@code FD} entry with {@code "q": NaN} fitted the space, BOHB fed it to its
     * model, and then the TPE kernel drew one degenerate configuration twice at the same budget and the KDE threw a
     * NullPointerException (ER, exit). Such an entry is skipped now, as every misfit is.
     */
    @Test
    void anImportedNaNParameterNeverReachesBohbsModel() throws Exception {
        for (String sampler : new String[] {"tpe", "kde"}) {
            BohbTuner t = new BohbTuner(BohbArgs.builder().minBudget(1).maxBudget(9).eta(3).sampler(sampler)
                .minPointsInModel(3).randomFraction(0.0).seed(4L).build(), 4L, AlgorithmContext.standalone());
            t.updateSearchSpace(Advisor.SPACE);
            java.util.List<dev.tunerd.spi.ImportedTrial> imports = new java.util.ArrayList<>();
            for (int i = 0; i < 8; i++) {
                JsonObject p = JsonObject.builder().put("x", i % 2 == 0 ? Double.NaN : 0.1 * i).put("lr", 0.001)
                    .put("q", i % 3 == 0 ? Double.NaN : 2.0).put("c", "a").put("n", 2).build();
                imports.add(new dev.tunerd.spi.ImportedTrial(p, JsonFloat.of(0.1 * i), Optional.empty()));
            }
            t.importData(imports);
            java.util.Set<JsonValue> seen = new java.util.HashSet<>();
            for (long id = 0; id < 30; id++) {
                JsonValue p = t.generateParameters(id);
                assertEquals(true, seen.add(p), sampler + ": " + p + " issued twice");
                t.receiveTrialResult(result(id, 0.01 * id));
                t.trialEnd(id, true);
            }
        }
    }

    /**
     * Seeds 31115 (tpe) and 31165 (kde), BOHB with {@code rung_share: 0.5}: a trial ended without its FINAL, a kill and a
     * resume, then the FINAL. The reports of ended trials, which such a FINAL is read with, did not travel with the
     * snapshot, so the restored BOHB gave the trial another value than the uninterrupted one, and drew otherwise.
     */
    @Test
    void aFinalAfterTheEndIsReadWithTheTrialsReportsAfterARestore() throws Exception {
        BohbArgs args = BohbArgs.builder().minBudget(1).maxBudget(9).eta(3).rungShare(0.5).seed(6L).build();
        BohbTuner a = new BohbTuner(args, 6L, AlgorithmContext.standalone());
        a.updateSearchSpace(Advisor.SPACE);
        a.generateParameters(0);
        for (int seq = 0; seq < 4; seq++) {
            a.receiveIntermediateResult(new IntermediateResult(0, "T0", seq, JsonFloat.of(0.2 * seq)));
        }
        a.trialEnd(0, true); // its FINAL is still to come
        BohbTuner b = new BohbTuner(args, 6L, AlgorithmContext.standalone());
        b.updateSearchSpace(Advisor.SPACE);
        b.restore(Json.parse(Json.writeAllowingNonFinite(a.snapshot())));
        a.receiveTrialResult(result(0, 0.9));
        b.receiveTrialResult(result(0, 0.9));
        assertEquals(Json.writeAllowingNonFinite(a.snapshot()), Json.writeAllowingNonFinite(b.snapshot()));
    }

    /**
     * SnapshotTamperTest, seed 31500 and next: a snapshot whose loss is a string, whose queue points past its brackets
     * or whose entry holds a configuration outside the space was restored with an IllegalStateException, or taken and
     * then failed at the next request (IndexOutOfBounds, NullPointerException). Each is refused now with an
     * IllegalArgumentException naming the field.
     */
    @Test
    void tamperedSnapshotsAreRefusedNamingTheField() throws Exception {
        Advisor hyperband = Advisor.of("hyperband-parallelism", 31_500);
        SpiHost host = new SpiHost(hyperband);
        new HostileManager(31_500, host, new HostileManager.Knobs(3, 0.0, false, false, false, 80)).runPrefix(80);
        String state = host.snapshotText();
        assertRefused(hyperband, state.replaceFirst("\"loss\": [^,}]+", "\"loss\": \"x\""), "\"loss\" must be a number");
        assertRefused(hyperband, state.replaceFirst("\"pending\": \\[", "\"pending\": [[99, 0, 0], "), "\"pending\"");
        assertRefused(hyperband, state.replaceFirst("\"x\": [^,}]+", "\"x\": 7.5"), "entry \"p\"");
        Advisor asha = Advisor.of("asha-random", 31_500);
        SpiHost ashaHost = new SpiHost(asha);
        new HostileManager(31_500, ashaHost, new HostileManager.Knobs(3, 0.0, false, false, false, 80)).runPrefix(80);
        assertRefused(asha, ashaHost.snapshotText().replaceFirst("\"running\": \\[\\[", "\"running\": [[0, 0, 0, 1], ["),
            "trial params must be an object");
    }

    private static void assertRefused(Advisor advisor, String tampered, String naming) throws Exception {
        dev.tunerd.spi.Tuner t = advisor.make().apply(AlgorithmContext.standalone());
        t.updateSearchSpace(Advisor.SPACE);
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
            () -> ((dev.tunerd.spi.Snapshotting) t).restore(Json.parse(tampered)));
        org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains(naming), e.getMessage());
    }

    /**
     * AssessorChaosTest seed 31700: a SuccessiveHalving snapshot whose count of rungs a trial passed is null threw an
     * IllegalStateException on restore; a negative one was taken and failed at the trial's next result.
     */
    @Test
    void aTamperedAssessorSnapshotIsRefusedNamingTheField() {
        var args = new dev.tunerd.tuners.successivehalving.SuccessiveHalvingArgs("maximize", 1, 3, null, -1.0, null);
        var a = new dev.tunerd.tuners.successivehalving.SuccessiveHalvingAssessor(args);
        a.assessTrial("T8", java.util.List.of(JsonFloat.of(0.5), JsonFloat.of(0.6)));
        String state = Json.writeAllowingNonFinite(a.snapshot());
        for (String bad : new String[] {"null", "-2", "\"x\""}) {
            var b = new dev.tunerd.tuners.successivehalving.SuccessiveHalvingAssessor(args);
            IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> b.restore(Json.parse(state.replaceFirst("\"T8\": [0-9]+", "\"T8\": " + bad))));
            org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("passed"), e.getMessage());
        }
    }
}
