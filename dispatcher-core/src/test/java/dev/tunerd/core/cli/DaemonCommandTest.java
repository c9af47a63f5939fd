package dev.tunerd.core.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
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
}
