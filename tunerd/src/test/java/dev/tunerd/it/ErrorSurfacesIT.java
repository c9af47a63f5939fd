package dev.tunerd.it;

import static dev.tunerd.protocol.CommandType.ERROR;
import static dev.tunerd.protocol.CommandType.INITIALIZED;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.Command;
import dev.tunerd.protocol.CommandType;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * How tunerd ends: cleanly on TE and EOF, and with ER plus a documented exit code on every failure. NNI v3.0 lets a
 * worker die silently on most of these (spec 4.3); reporting them is deliberate.
 */
@Timeout(60)
class ErrorSurfacesIT {

    private static TunerdProcess start(String tuner, String tunerArgs) throws Exception {
        return TunerdProcess.start(TunerdProcess.customConfig(tuner, tunerArgs, null, null), Map.of());
    }

    @Test
    void endOfInputEndsCleanly() throws Exception {
        try (TunerdProcess p = start("SequenceTuner", "{}")) {
            p.send(CommandType.INITIALIZE, "{}");
            assertEquals(INITIALIZED, p.reply().type());
            p.closeInput();
            assertEquals(0, p.exitCode(Duration.ofSeconds(5)));
            assertTrue(p.dispatcherLog().contains("Dispatcher started"));
            assertTrue(p.dispatcherLog().contains("Initial search space: {}"));
        }
    }

    @Test
    void sixDigitHeadersOfNni15AndOlder() throws Exception {
        try (TunerdProcess p = TunerdProcess.start(new dev.tunerd.protocol.FrameFormat(6, 999_999),
            TunerdProcess.customConfig("SequenceTuner", "{}", null, null), Map.of(), "--header-digits", "6")) {
            p.sendRaw("IN000002{}GE0000012".getBytes(StandardCharsets.US_ASCII));
            assertEquals(INITIALIZED, p.reply().type());
            assertEquals("{\"parameter_id\": 0, \"parameter_source\": \"algorithm\", \"parameters\": {\"x\": 0},"
                + " \"parameter_index\": 0}", p.reply().content());
            assertEquals(CommandType.NEW_TRIAL_JOB, p.reply().type());
            p.sendRaw("TE000000".getBytes(StandardCharsets.US_ASCII));
            assertEquals(0, p.exitCode(Duration.ofSeconds(5)));
        }
    }

    @Test
    void nni27PipeOnFileDescriptorsThreeAndFour() throws Exception {
        try (TunerdProcess p = TunerdProcess.start(TunerdProcess.customConfig("SequenceTuner", "{}", null, null),
            Map.of(TunerdProcess.LEGACY_FDS, "yes"))) {
            p.send(CommandType.INITIALIZE, "{}");
            p.send(CommandType.REQUEST_TRIAL_JOBS, "1");
            assertEquals(INITIALIZED, p.reply().type());
            assertEquals(CommandType.NEW_TRIAL_JOB, p.reply().type());
            p.send(CommandType.PING, "");
            p.send(CommandType.TERMINATE, "");
            assertEquals(0, p.exitCode(Duration.ofSeconds(5)));
        }
    }

    @Test
    void terminateEndsPromptlyEvenWithASlowHandlerAndQueuedWork() throws Exception {
        try (TunerdProcess p = start("FailingTuner", "{\"sleep_ms\": 300}")) {
            p.send(CommandType.INITIALIZE, "{}");
            assertEquals(INITIALIZED, p.reply().type());
            for (int i = 0; i < 50; i++) {
                p.send(CommandType.REQUEST_TRIAL_JOBS, "1"); // 15 s of work if it were not dropped
            }
            p.send(CommandType.TERMINATE, "");
            long start = System.nanoTime();
            assertEquals(0, p.exitCode(Duration.ofSeconds(5)));
            long millis = (System.nanoTime() - start) / 1_000_000;
            assertTrue(millis < 5000, "exit took " + millis + " ms");
        }
    }

    @Test
    void tunerExceptionIsReportedWithErAndExitCodeOne() throws Exception {
        try (TunerdProcess p = start("FailingTuner", "{}")) {
            p.send(CommandType.REQUEST_TRIAL_JOBS, "1");
            Command er = p.reply();
            assertEquals(ERROR, er.type());
            String[] lines = er.content().split("\n");
            assertEquals("tunerd: GE failed: java.lang.IllegalStateException: tuner exploded on purpose for id 0", lines[0]);
            assertTrue(lines[1].startsWith("java.lang.IllegalStateException"), lines[1]);
            assertEquals(1, p.exitCode(Duration.ofSeconds(5)));
            assertTrue(p.dispatcherLog().contains("dev.tunerd.it.algorithms.FailingTuner.generateParameters(FailingTuner.java"));
        }
    }

    @Test
    void invalidSearchSpaceIsReportedWithItsMessagesAndExitCodeFive() throws Exception {
        try (TunerdProcess p = start("FailingTuner", "{}")) {
            p.send(CommandType.INITIALIZE, "{\"invalid\": 1}");
            Command er = p.reply();
            assertTrue(er.content().startsWith("tunerd: IN failed: invalid search space: invalid: _type is missing;"
                + " second problem\n"), er.content());
            assertEquals(5, p.exitCode(Duration.ofSeconds(5)));
        }
    }

    @Test
    void unknownCommandCodeIsAProtocolError() throws Exception {
        try (TunerdProcess p = start("SequenceTuner", "{}")) {
            p.sendRaw("XX00000000000000".getBytes(StandardCharsets.US_ASCII));
            Command er = p.reply();
            assertEquals(ERROR, er.type());
            assertTrue(er.content().startsWith("tunerd: unknown command type \"XX\""), er.content());
            assertEquals(3, p.exitCode(Duration.ofSeconds(5)));
        }
    }

    @Test
    void garbageLengthIsAProtocolErrorNamingTheField() throws Exception {
        try (TunerdProcess p = start("SequenceTuner", "{}")) {
            p.sendRaw("GE0000000000x012".getBytes(StandardCharsets.US_ASCII));
            Command er = p.reply();
            assertTrue(er.content().startsWith("tunerd: frame length field \"0000000000x012\" is not a decimal number"),
                er.content());
            assertEquals(3, p.exitCode(Duration.ofSeconds(5)));
        }
    }

    @Test
    void malformedPayloadIsAProtocolErrorNamingTheField() throws Exception {
        try (TunerdProcess p = start("SequenceTuner", "{}")) {
            p.send(CommandType.REPORT_METRIC_DATA, "{\"parameter_id\": 0, \"type\": \"FINAL\"}");
            Command er = p.reply();
            assertTrue(er.content().startsWith("tunerd: ME: field \"value\" is required"), er.content());
            assertEquals(3, p.exitCode(Duration.ofSeconds(5)));
        }
    }

    @Test
    void unknownAlgorithmIsAUsageErrorBeforeAnythingIsRead() throws Exception {
        try (TunerdProcess p = TunerdProcess.start("{\"tuner\": {\"name\": \"NoSuchTuner\"}}", Map.of())) {
            assertEquals(2, p.exitCode(Duration.ofSeconds(10)));
            assertTrue(p.stderr().contains("Builtin name is not found: nosuchtuner"), p.stderr());
        }
    }

    @Test
    void badClassArgsOfACustomClassAreAUsageError() throws Exception {
        try (TunerdProcess p = start("NaiveTuner", "{\"x\": 1}")) {
            assertEquals(2, p.exitCode(Duration.ofSeconds(10)));
            assertTrue(p.stderr().contains("NaiveTuner takes no classArgs"), p.stderr());
        }
    }
}
