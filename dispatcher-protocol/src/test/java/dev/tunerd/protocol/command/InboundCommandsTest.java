package dev.tunerd.protocol.command;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.Command;
import dev.tunerd.protocol.CommandType;
import dev.tunerd.spi.ImportedTrial;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class InboundCommandsTest {

    private static InboundCommand parse(CommandType type, String content) {
        return InboundCommands.parse(new Command(type, content));
    }

    @Test
    void initializeKeepsTheSpaceInOrder() {
        var in = (InboundCommand.Initialize) parse(CommandType.INITIALIZE,
            "{\"y\":{\"_type\":\"choice\",\"_value\":[1]},\"x\":{\"_type\":\"uniform\",\"_value\":[0,1]}}");
        assertEquals(List.of("y", "x"), List.copyOf(in.searchSpace().keys()));
    }

    @Test
    void requestTrialJobsReadsTheCount() {
        assertEquals(3, ((InboundCommand.RequestTrialJobs) parse(CommandType.REQUEST_TRIAL_JOBS, "3")).count());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"-1", "2.5", "\"3\"", "abc"})
    void requestTrialJobsRejectsWhatIsNotACount(String content) {
        var e = assertThrows(CommandException.class, () -> parse(CommandType.REQUEST_TRIAL_JOBS, content));
        assertTrue(e.getMessage().startsWith("GE: "), e.getMessage());
    }

    @Test
    void finalMetricValueIsDecodedASecondTime() {
        var me = (InboundCommand.ReportMetric) parse(CommandType.REPORT_METRIC_DATA,
            "{\"parameter_id\": 0, \"trial_job_id\": \"Ab3dE\", \"type\": \"FINAL\", \"sequence\": 0,"
                + " \"value\": \"{\\\"default\\\": 0.71, \\\"loss\\\": 2}\"}");
        assertEquals(MetricType.FINAL, me.metricType());
        assertEquals(0L, me.parameterId());
        assertEquals("Ab3dE", me.trialJobId());
        assertEquals(new JsonFloat(0.71), ((JsonObject) me.value()).get("default"));
        assertEquals(new JsonInt(2), ((JsonObject) me.value()).get("loss"));
    }

    @Test
    void metricValueMayBeNaNOrInfinity() {
        var me = (InboundCommand.ReportMetric) parse(CommandType.REPORT_METRIC_DATA,
            "{\"parameter_id\": null, \"trial_job_id\": \"A\", \"type\": \"PERIODICAL\", \"sequence\": 4,"
                + " \"value\": \"NaN\"}");
        assertNull(me.parameterId());
        assertEquals(4, me.sequence());
        assertTrue(Double.isNaN(me.value().asDouble()));
        var inf = (InboundCommand.ReportMetric) parse(CommandType.REPORT_METRIC_DATA,
            "{\"parameter_id\": 1, \"type\": \"FINAL\", \"value\": \"-Infinity\"}");
        assertEquals(Double.NEGATIVE_INFINITY, inf.value().asDouble());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "{\"parameter_id\": 0, \"type\": \"BOGUS\", \"value\": \"1\"}|field \"type\"",
        "{\"parameter_id\": 1.5, \"type\": \"FINAL\", \"value\": \"1\"}|field \"parameter_id\"",
        "{\"parameter_id\": [0], \"type\": \"FINAL\", \"value\": \"1\"}|field \"parameter_id\"",
        "{\"parameter_id\": 0, \"type\": \"FINAL\"}|field \"value\"",
        "{\"parameter_id\": 0, \"type\": \"FINAL\", \"value\": \"not json\"}|field \"value\"",
        "{\"parameter_id\": 0, \"trial_job_id\": \"A\", \"type\": \"PERIODICAL\", \"sequence\": -2, \"value\": \"1\"}|field \"sequence\"",
        "[1]|content must be a JSON object",
    })
    void badMetricsNameTheField(String content, String expected) {
        var e = assertThrows(CommandException.class, () -> parse(CommandType.REPORT_METRIC_DATA, content));
        assertTrue(e.getMessage().startsWith("ME: ") && e.getMessage().contains(expected), e.getMessage());
    }

    @Test
    void aStringParameterIdIsKeptApartFromIntegerIds() {
        var me = (InboundCommand.ReportMetric) parse(CommandType.REPORT_METRIC_DATA,
            "{\"parameter_id\": \"0-1_0_0\", \"trial_job_id\": \"A\", \"type\": \"FINAL\", \"sequence\": 0, \"value\": \"0.5\"}");
        assertEquals(null, me.parameterId());
        assertEquals("0-1_0_0", me.wireParameterId());
        assertEquals(7L, me.withParameterId(7).parameterId());
        assertEquals(null, me.withParameterId(7).wireParameterId());
    }

    @Test
    void importDataNormalisesValues() {
        var fd = (InboundCommand.ImportData) parse(CommandType.IMPORT_DATA,
            "[{\"parameter\":{\"x\":1},\"value\":\"0.5\",\"trialJobId\":\"T\"},"
                + "{\"parameter\":{\"x\":2},\"value\":{\"default\":1.2,\"tmp\":2}},{\"parameter\":{},\"value\":3}]");
        assertEquals(List.of(
            new ImportedTrial(JsonObject.builder().put("x", 1).build(), new JsonFloat(0.5), Optional.of("T")),
            new ImportedTrial(JsonObject.builder().put("x", 2).build(),
                JsonObject.builder().put("default", 1.2).put("tmp", 2).build(), Optional.empty()),
            new ImportedTrial(JsonObject.EMPTY, new JsonInt(3), Optional.empty())), fd.trials());
    }

    @Test
    void importDataRejectsAMissingParameter() {
        var e = assertThrows(CommandException.class, () -> parse(CommandType.IMPORT_DATA, "[{\"value\": 1}]"));
        assertEquals("FD: field \"parameter\" of element 0 is required", e.getMessage());
    }

    @Test
    void resumeListKeepsIntegerAndStringIds() {
        var ad = (InboundCommand.AddCustomizedTrials) parse(CommandType.ADD_CUSTOMIZED_TRIAL_JOB,
            "[{\"parameter_id\": 4, \"parameter_source\": \"resumed\", \"parameters\": {\"x\": 5}, \"parameter_index\": 0},"
                + "{\"parameter_id\": \"0-1_0_0\", \"parameters\": {}}, {\"parameter_id\": null, \"parameters\": {}}]");
        assertEquals(List.of(new ResumedTrial(4, JsonObject.builder().put("x", 5).build()),
            ResumedTrial.named("0-1_0_0", JsonObject.EMPTY)), ad.resumed());
        assertEquals(List.of(), ((InboundCommand.AddCustomizedTrials) parse(CommandType.ADD_CUSTOMIZED_TRIAL_JOB,
            "[]")).resumed());
    }

    @Test
    void trialEndTakesTheIdFromHyperParams() {
        var en = (InboundCommand.TrialEnd) parse(CommandType.TRIAL_END,
            "{\"trial_job_id\":\"A\",\"event\":\"SUCCEEDED\",\"hyper_params\":\"{\\\"parameter_id\\\": 3}\"}");
        assertEquals(new InboundCommand.TrialEnd("A", "SUCCEEDED", 3L), en);
        assertTrue(en.succeeded());
        var named = (InboundCommand.TrialEnd) parse(CommandType.TRIAL_END,
            "{\"trial_job_id\":\"A\",\"event\":\"FAILED\",\"hyper_params\":\"{\\\"parameter_id\\\": \\\"0-1_0_2\\\"}\"}");
        assertEquals(new InboundCommand.TrialEnd("A", "FAILED", null, "0-1_0_2"), named);
        var customized = (InboundCommand.TrialEnd) parse(CommandType.TRIAL_END,
            "{\"trial_job_id\":\"B\",\"event\":\"FAILED\",\"hyper_params\":\"{\\\"parameter_id\\\":null}\"}");
        assertNull(customized.parameterId());
    }

    @Test
    void misdirectedCodesAreKeptWithTheirContent() {
        assertEquals(new InboundCommand.Misdirected(CommandType.KILL_TRIAL_JOB, "null"),
            parse(CommandType.KILL_TRIAL_JOB, "null"));
        assertInstanceOf(InboundCommand.Terminate.class, parse(CommandType.TERMINATE, ""));
        assertInstanceOf(InboundCommand.Ping.class, parse(CommandType.PING, ""));
    }

    @Test
    void searchSpaceMustBeAnObject() {
        var e = assertThrows(CommandException.class, () -> parse(CommandType.UPDATE_SEARCH_SPACE, "\"x\""));
        assertEquals("SS: search space must be a JSON object, got str", e.getMessage());
        assertEquals(CommandType.UPDATE_SEARCH_SPACE, e.commandType());
    }

    @Test
    void outboundContentsAreNnisBytes() {
        assertEquals("{\"parameter_id\": 7, \"parameter_source\": \"algorithm\", \"parameters\": {\"lr\": 0.01, \"bs\": 2},"
                + " \"parameter_index\": 0}",
            OutboundCommands.newTrialJob(7, JsonObject.builder().put("lr", 0.01).put("bs", 2).build()).content());
        assertEquals("{\"parameter_id\": 2, \"parameter_source\": \"algorithm\", \"parameters\": \"\", \"parameter_index\": 0}",
            OutboundCommands.noMoreTrialJobs(2).content());
        assertEquals("\"A\"", OutboundCommands.killTrialJob("A").content());
        assertEquals(CommandType.KILL_TRIAL_JOB, OutboundCommands.killTrialJob("A").type());
        assertEquals("", OutboundCommands.initialized().content());
        assertEquals("{\"parameter_id\": 0, \"parameter_source\": \"algorithm\", \"parameters\": \"caf\\u00e9\","
            + " \"parameter_index\": 0}", OutboundCommands.newTrialJob(0, JsonString.of("café")).content());
    }

    @Test
    void namedIdsAreWrittenAsNnisAdvisorsWriteThem() {
        assertEquals("{\"parameter_id\": \"0-1_0_0\", \"parameter_source\": \"algorithm\", \"parameters\":"
                + " {\"x\": 2, \"TRIAL_BUDGET\": 1}}",
            OutboundCommands.newTrialJob("0-1_0_0", JsonObject.builder().put("x", 2).put("TRIAL_BUDGET", 1).build())
                .content());
        assertEquals("{\"parameter_id\": \"-1_0_0\", \"parameter_source\": \"algorithm\", \"parameters\": \"\"}",
            OutboundCommands.noMoreTrialJobs("-1_0_0").content());
    }

    @Test
    void newTrialJobRefusesNonFiniteParameters() {
        assertThrows(RuntimeException.class,
            () -> OutboundCommands.newTrialJob(1, JsonObject.builder().put("x", Double.NaN).build()));
    }
}
