package dev.tunerd.simulator.fidelity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonObject;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The BOHB contenders of issue 13 session 7 (serial mode, and NNI's defaults where tunerd departs from them), and
 * session 8's {@code :ir} suffix.
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
