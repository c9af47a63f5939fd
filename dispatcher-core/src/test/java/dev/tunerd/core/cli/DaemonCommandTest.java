package dev.tunerd.core.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.core.checkpoint.CheckpointMode;
import dev.tunerd.core.config.DaemonSettings;
import dev.tunerd.protocol.FrameFormat;
import dev.tunerd.protocol.json.Json;
import dev.tunerd.protocol.ws.WsForm;
import dev.tunerd.spi.ExperimentBudget;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DaemonCommandTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(Map<String, String> env, String... args) {
        return TunerdCli.commandLine(new DaemonCommand(DaemonWiring.DEFAULT, env), new PrintWriter(out),
            new PrintWriter(err)).execute(args);
    }

    @Test
    void unknownFlagIsAUsageError() {
        assertEquals(2, run(Map.of(), "--tuner", "x", "--bogus"));
        assertTrue(err.toString().contains("--bogus"), err.toString());
    }

    @Test
    void unknownAlgorithmListsWhatIsAccepted() {
        assertEquals(2, run(Map.of(), "--tuner", "NoSuchTuner"));
        assertTrue(err.toString().contains("Builtin name is not found: nosuchtuner"), err.toString());
    }

    @Test
    void badSettingsAreUsageErrors() {
        assertEquals(2, run(Map.of(), "--tuner", "x", "--header-digits", "8"));
        assertEquals(2, run(Map.of(), "--tuner", "x", "--tuner-args", "[1]"));
        assertEquals(2, run(Map.of(), "--tuner", "x", "--queue-capacity", "0"));
        assertEquals(2, run(Map.of(), "-m", "numpy", "--tuner", "x"));
        assertEquals(2, run(Map.of()));
        assertTrue(err.toString().contains("--header-digits must be 6 or 14"), err.toString());
    }

    @Test
    void webSocketIsNotAvailableYet() {
        assertEquals(2, run(Map.of("NNI_TUNER_COMMAND_CHANNEL", "ws://localhost:8080/tuner"), "--tuner", "x"));
    }

    @Test
    void helpAndVersionGoToOut() {
        assertEquals(0, run(Map.of(), "--version"));
        assertTrue(out.toString().startsWith("tunerd "), out.toString());
        assertEquals(0, run(Map.of(), "--help"));
        assertTrue(out.toString().contains("--exp_params"), out.toString());
    }

    /** Each option of the programmatic model reaches the settings; left out, the defaults of the help text apply. */
    @Test
    void everyOptionReachesTheSettings() {
        DaemonCommand cmd = new DaemonCommand(DaemonWiring.DEFAULT, Map.of());
        TunerdCli.commandLine(cmd, new PrintWriter(out), new PrintWriter(err)).parseArgs("--tuner", "TPE",
            "--tuner-args", "{\"seed\": 3}", "--assessor", "Medianstop", "--assessor-args", "{\"start_step\": 5}",
            "--plugin-path", "/a", "--plugin-path", "/b", "--queue-capacity", "7", "--max-frame-bytes", "99",
            "--header-digits", "6", "--channel", "ws://localhost:9/x", "--ws-form", "raw", "--checkpoint-mode", "off",
            "-m", "nni", "--max-trials", "200", "--trial-concurrency", "4");
        DaemonSettings s = cmd.settings();
        assertEquals(ExperimentBudget.of(200, 4), s.budget());
        assertEquals("TPE", s.tuner().name().orElseThrow());
        assertEquals("{\"seed\": 3}", Json.write(s.tuner().classArgs()));
        assertEquals("Medianstop", s.assessor().orElseThrow().name().orElseThrow());
        assertEquals(List.of(Path.of("/a"), Path.of("/b")), s.pluginPath());
        assertEquals(7, s.queueCapacity());
        assertEquals(new FrameFormat(6, 99), s.frameFormat());
        assertEquals("ws://localhost:9/x", s.channelUrl().orElseThrow().toString());
        assertEquals(WsForm.RAW, s.wsForm().orElseThrow());
        assertEquals(CheckpointMode.OFF, s.checkpoint());

        DaemonCommand defaults = new DaemonCommand(DaemonWiring.DEFAULT, Map.of());
        TunerdCli.commandLine(defaults, new PrintWriter(out), new PrintWriter(err)).parseArgs("--tuner", "Random");
        DaemonSettings d = defaults.settings();
        assertEquals(List.of(), d.pluginPath());
        assertEquals(dev.tunerd.core.dispatch.Daemon.Settings.DEFAULT_QUEUE_CAPACITY, d.queueCapacity());
        assertEquals(FrameFormat.DEFAULT, d.frameFormat());
        assertTrue(d.wsForm().isEmpty() && d.assessor().isEmpty() && d.channelUrl().isEmpty());
        assertEquals(ExperimentBudget.UNKNOWN, d.budget());
    }

    /** exp_params' maxTrialNumber and trialConcurrency become the budget; the flags, when given, override them. */
    @Test
    void theBudgetComesFromExpParamsAndTheFlagsOverrideIt() {
        String params = java.util.Base64.getEncoder().encodeToString(("{\"maxTrialNumber\": 50, \"trialConcurrency\":"
            + " 2, \"tuner\": {\"name\": \"Auto\"}}").getBytes(java.nio.charset.StandardCharsets.UTF_8));
        DaemonCommand plain = new DaemonCommand(DaemonWiring.DEFAULT, Map.of());
        TunerdCli.commandLine(plain, new PrintWriter(out), new PrintWriter(err)).parseArgs("--exp_params", params);
        assertEquals(ExperimentBudget.of(50, 2), plain.settings().budget());
        DaemonCommand flagged = new DaemonCommand(DaemonWiring.DEFAULT, Map.of());
        TunerdCli.commandLine(flagged, new PrintWriter(out), new PrintWriter(err)).parseArgs("--exp_params", params,
            "--max-trials", "500");
        assertEquals(ExperimentBudget.of(500, 2), flagged.settings().budget());
        assertEquals(2, run(Map.of(), "--tuner", "Auto", "--max-trials", "-1"));
        assertTrue(err.toString().contains("--max-trials must be at least 0"), err.toString());
    }
}
