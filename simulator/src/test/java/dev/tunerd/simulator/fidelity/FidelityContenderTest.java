package dev.tunerd.simulator.fidelity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The BOHB contenders of issue 13 session 7 (serial mode, and NNI's defaults where tunerd departs from them), and
 * session 8's {@code :ir} suffix, and the mirror run's {@code optimize_mode} and scores (session 25).
 */
class FidelityContenderTest {

    private static JsonObject args(String label) {
        return Json.parseObject(FidelityContender.named(label).tunerChoice(27, 7).argsJson(), "args");
    }

    @Test
    void bohbSerialRunsInSerialModeAndWaitsForOwedTrials() {
        assertEquals("serial", args("BOHB-serial").get("exec_mode").toString().replace("\"", ""));
        assertEquals(Duration.ofMillis(3), FidelityContender.named("BOHB-serial").settle());
        assertEquals(Duration.ZERO, FidelityContender.named("BOHB").settle());
    }

    @Test
    void bohbNniSetsNnisModelNumSamplesAndBracketOrderBohbKdeTheModelOnlyAndPlainBohbNone() {
        JsonObject nni = args("BOHB-nni");
        assertEquals(64.0, nni.get("num_samples").asDouble());
        assertEquals(-1.0, nni.get("rank_agreement").asDouble());
        assertEquals("kde", nni.get("sampler").toString().replace("\"", ""));
        assertEquals(27.0, nni.get("max_budget").asDouble());
        JsonObject plain = args("BOHB");
        assertFalse(plain.members().containsKey("num_samples"));
        assertFalse(plain.members().containsKey("rank_agreement"));
        assertFalse(plain.members().containsKey("sampler"));
        JsonObject kde = args("BOHB-kde");
        assertEquals("kde", kde.get("sampler").toString().replace("\"", ""));
        assertFalse(kde.members().containsKey("num_samples"));
    }

    @Test
    void theMirrorRunTellsEveryTunerAdvisorAndAssessorToMaximise() {
        for (FidelityContender c : FidelityContender.ALL) {
            for (OptimizeMode mode : OptimizeMode.values()) {
                JsonObject tuner = Json.parseObject(c.tunerChoice(27, 7, mode).argsJson(), "args");
                assertEquals(mode.toString(), ((JsonString) tuner.get("optimize_mode")).value(), c.label());
                assertEquals(7.0, tuner.get("seed").asDouble(), c.label() + ": the seed stays");
                if (c.assessor() != null) {
                    JsonObject assessor = Json.parseObject(c.assessorChoice(mode).argsJson(), "args");
                    assertEquals(mode.toString(), ((JsonString) assessor.get("optimize_mode")).value(), c.label());
                }
            }
            assertEquals(c.tunerChoice(27, 7), c.tunerChoice(27, 7, OptimizeMode.MINIMIZE), "minimising by default");
        }
        JsonObject extra = Json.parseObject(FidelityContender.named("ASHA@0.5#eta=4").tunerChoice(27, 7,
            OptimizeMode.MAXIMIZE).argsJson(), "args");
        assertEquals(0.5, extra.get("rank_agreement").asDouble(), "the label's classArgs stay");
        assertEquals("maximize", ((JsonString) extra.get("optimize_mode")).value());
    }

    /** Issue 13 session 26: a contender's classArgs after # may be true or false as well as numbers. */
    @Test
    void aLabelsClassArgsTakeNumbersAndTruthValues() {
        JsonObject args = Json.parseObject(FidelityContender.named("BOHB#rung_share=0.33;rung_trend=true")
            .tunerChoice(40, 7).argsJson(), "args");
        assertEquals(0.33, args.get("rung_share").asDouble());
        assertEquals(dev.tunerd.spi.json.JsonBool.TRUE, args.get("rung_trend"));
        assertEquals(40, args.get("max_budget").asDouble(), "the contender's own classArgs stay");
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
            () -> FidelityContender.named("BOHB#rung_trend=yes"));
        assertTrue(e.getMessage().contains("key=value pairs (a number, true or false)"), e.getMessage());
    }

    @Test
    void theScoreIsADecreasingAffineMapOfTheLossAndTheIncumbentTheHighest() {
        assertEquals(1.0, Reporting.SCORE.reported(0.0));
        assertEquals(0.75, Reporting.SCORE.reported(1.0));
        assertEquals(-0.25, Reporting.SCORE.reported(5.0), "below 0 where a curve diverges");
        assertEquals(0.3, Reporting.LOSS.reported(0.3));
        assertTrue(Reporting.SCORE.better(0.9, 0.8) && !Reporting.SCORE.better(0.8, 0.8));
        assertTrue(Reporting.LOSS.better(0.1, 0.2) && !Reporting.LOSS.better(0.2, 0.2));
        assertTrue(Reporting.SCORE.better(-1e300, Reporting.SCORE.worst()));
        assertEquals(OptimizeMode.MAXIMIZE, Reporting.SCORE.mode());
        assertEquals(OptimizeMode.MINIMIZE, Reporting.LOSS.mode());
    }

    @Test
    void anIrSuffixTurnsOnIncludeIntermediateResultsForAssessorContendersOnly() {
        FidelityContender ir = FidelityContender.named("TPE+SuccessiveHalving@0.6#min_step=9:ir");
        assertEquals("TPE+SuccessiveHalving@0.6#min_step=9:ir", ir.label());
        assertEquals("true", ir.environment().get("NNI_INCLUDE_INTERMEDIATE_RESULTS"));
        JsonObject args = Json.parseObject(ir.assessorChoice().argsJson(), "args");
        assertEquals(9.0, args.get("min_step").asDouble(), "a # classArg overrides the contender's own");
        assertEquals(0.6, args.get("rank_agreement").asDouble());
        assertEquals("false", FidelityContender.named("TPE+Medianstop").environment()
            .get("NNI_INCLUDE_INTERMEDIATE_RESULTS"));
        assertEquals("true", FidelityContender.named("TPE+Medianstop:ir").environment()
            .get("NNI_INCLUDE_INTERMEDIATE_RESULTS"));
        assertThrows(IllegalArgumentException.class, () -> FidelityContender.named("ASHA:ir"));
        assertThrows(IllegalArgumentException.class, () -> FidelityContender.named("TPE+Medianstop:ir:ir"));
    }
}
