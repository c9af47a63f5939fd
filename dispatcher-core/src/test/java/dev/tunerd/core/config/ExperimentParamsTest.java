package dev.tunerd.core.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.spi.ExperimentBudget;
import dev.tunerd.spi.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ExperimentParamsTest {

    private static String b64(String json) {
        return Base64.getEncoder().encodeToString(json.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void readsTheV2Form() {
        ExperimentParams p = ExperimentParams.decode(b64("{\"trialConcurrency\": 1, \"tuner\": {\"name\": \"TPE\","
            + " \"classArgs\": {\"optimize_mode\": \"maximize\"}}, \"assessor\": {\"className\": \"a.B\","
            + " \"codeDirectory\": \"/tmp/x\"}}"));
        assertEquals(AlgorithmSpec.named("TPE", JsonObject.builder().put("optimize_mode", "maximize").build()), p.tuner());
        assertEquals(Optional.of(AlgorithmSpec.custom("a.B", Path.of("/tmp/x"), JsonObject.EMPTY)), p.assessor());
    }

    @Test
    void readsTheV1FormWithAnAdvisorAsTuner() {
        ExperimentParams p = ExperimentParams.decode(b64("{\"trainingServicePlatform\": \"local\","
            + " \"advisor\": {\"builtinAdvisorName\": \"Hyperband\", \"classArgs\": {\"R\": 3}},"
            + " \"assessor\": {\"builtinAssessorName\": \"Medianstop\"}}"));
        assertEquals("Hyperband", p.tuner().name().orElseThrow());
        assertEquals("Medianstop", p.assessor().orElseThrow().name().orElseThrow());
        ExperimentParams custom = ExperimentParams.decode(b64("{\"trainingServicePlatform\": \"local\","
            + " \"tuner\": {\"codeDir\": \"/c\", \"classFileName\": \"t.jar\", \"className\": \"my.Tuner\"}}"));
        assertEquals(AlgorithmSpec.custom("my.Tuner", Path.of("/c"), JsonObject.EMPTY), custom.tuner());
    }

    @Test
    void readsAnAdvisorBlockOfAV2ConfigAsTheTuner() {
        ExperimentParams p = ExperimentParams.decode(b64("{\"trialConcurrency\": 2, \"advisor\": {\"name\": \"BOHB\","
            + " \"classArgs\": {\"max_budget\": 27}}}"));
        assertEquals(AlgorithmSpec.named("BOHB", JsonObject.builder().put("max_budget", 27).build()), p.tuner());
        assertEquals(Optional.empty(), p.assessor());
    }

    @Test
    void readsTheBudgetOfBothFormsAndAbsentMeansUnknown() {
        ExperimentParams v2 = ExperimentParams.decode(b64("{\"maxTrialNumber\": 200, \"trialConcurrency\": 8,"
            + " \"tuner\": {\"name\": \"Auto\"}}"));
        assertEquals(ExperimentBudget.of(200, 8), v2.budget());
        ExperimentParams v1 = ExperimentParams.decode(b64("{\"trainingServicePlatform\": \"local\","
            + " \"maxTrialNum\": 30, \"trialConcurrency\": 1, \"tuner\": {\"builtinTunerName\": \"TPE\"}}"));
        assertEquals(ExperimentBudget.of(30, 1), v1.budget());
        ExperimentParams none = ExperimentParams.decode(b64("{\"maxTrialNumber\": null, \"tuner\": {\"name\":"
            + " \"TPE\"}}"));
        assertEquals(ExperimentBudget.UNKNOWN, none.budget());
        for (String bad : new String[] {"0", "-3", "2.5", "\"many\""}) {
            ConfigurationException e = assertThrows(ConfigurationException.class, () -> ExperimentParams.decode(
                b64("{\"maxTrialNumber\": " + bad + ", \"tuner\": {\"name\": \"TPE\"}}")));
            assertTrue(e.getMessage().contains("\"maxTrialNumber\" must be a positive integer"), e.getMessage());
        }
        assertThrows(ConfigurationException.class, () -> ExperimentParams.decode(
            b64("{\"trialConcurrency\": 0, \"tuner\": {\"name\": \"TPE\"}}")));
    }

    @Test
    void badInputIsAConfigurationError() {
        assertTrue(assertThrows(ConfigurationException.class, () -> ExperimentParams.decode("%%%")).getMessage()
            .startsWith("--exp_params is not base64"));
        assertTrue(assertThrows(ConfigurationException.class, () -> ExperimentParams.decode(b64("{}"))).getMessage()
            .contains("no \"tuner\""));
        assertTrue(assertThrows(ConfigurationException.class,
            () -> ExperimentParams.decode(b64("{\"tuner\": {\"className\": \"x.Y\"}}"))).getMessage()
            .contains("codeDirectory"));
    }

    @Test
    void environmentFollowsNnisMapping() {
        NniEnvironment env = NniEnvironment.from(Map.of("NNI_MODE", "resume", "NNI_LOG_LEVEL", "critical",
            "NNI_INCLUDE_INTERMEDIATE_RESULTS", "True", "NNI_LOG_DIRECTORY", "/tmp/l"));
        assertTrue(env.resume());
        assertEquals(NniEnvironment.LogLevel.INFO, env.logLevel());
        assertEquals(false, env.includeIntermediateResults());
        assertEquals(Optional.of(Path.of("/tmp/l")), env.logDirectory());
        assertEquals(NniEnvironment.LogLevel.CRITICAL, NniEnvironment.logLevel("fatal"));
        assertEquals(NniEnvironment.LogLevel.WARNING, NniEnvironment.logLevel("warning"));
        assertThrows(ConfigurationException.class, () -> NniEnvironment.from(Map.of("NNI_MODE", "restart")));
    }
}
