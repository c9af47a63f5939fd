package dev.tunerd.core.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The fast path reads a line exactly as picocli does, or declines it; checked against picocli itself. */
class DaemonLaunchArgsTest {

    private static DaemonCommand command() {
        return new DaemonCommand(DaemonWiring.DEFAULT, Map.of());
    }

    /** picocli's reading of {@code args}, or null when picocli rejects the line. */
    private static DaemonCommand picocli(String... args) {
        DaemonCommand cmd = command();
        try {
            TunerdCli.commandLine(cmd, new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()))
                .parseArgs(args);
            return cmd;
        } catch (CommandLine.ParameterException e) {
            return null;
        }
    }

    private static List<Object> fields(DaemonCommand cmd) {
        List<Object> out = new ArrayList<>();
        for (DaemonOption option : DaemonOption.values()) {
            out.add(option.get(cmd));
        }
        return out;
    }

    /** Asserts that the fast path takes the line and reads it as picocli does. */
    private static void assertSameAsPicocli(String... args) {
        DaemonCommand fast = command();
        assertTrue(DaemonLaunchArgs.fill(fast, args), () -> "declined " + Arrays.toString(args));
        DaemonCommand slow = picocli(args);
        assertTrue(slow != null, () -> "picocli rejects what the fast path took: " + Arrays.toString(args));
        assertEquals(fields(slow), fields(fast), Arrays.toString(args));
    }

    private static void assertDeclined(String... args) {
        DaemonCommand cmd = command();
        List<Object> before = fields(cmd);
        assertFalse(DaemonLaunchArgs.fill(cmd, args), () -> "took " + Arrays.toString(args));
        assertEquals(before, fields(cmd), "a declined line must leave the command as it was");
    }

    @Test
    void theLaunchFormsOfNniAndOfTheSimulatorAreRead() {
        assertSameAsPicocli("-m", "nni", "--exp_params", "eyJ0dW5lciI6IHt9fQ==");
        assertSameAsPicocli("--tuner", "Random", "--tuner-args", "{\"seed\": 0}", "--assessor", "Medianstop",
            "--assessor-args", "{\"start_step\": 5}");
        assertSameAsPicocli("--tuner=TPE", "--tuner-args={\"optimize_mode\": \"maximize\"}");
        assertSameAsPicocli("--tuner", "TPE", "--plugin-path", "/a", "--plugin-path=/b", "--queue-capacity", "7",
            "--max-frame-bytes", "123456789012", "--header-digits", "6", "--channel", "ws://localhost:9/x",
            "--ws-form", "raw", "--checkpoint-mode", "off");
        assertSameAsPicocli("--tuner", "Hyperband", "--tuner-args", "{\"R\": 81}", "--echo-ping"); // the bench's
        assertSameAsPicocli("--echo-ping", "--tuner", "TPE");
        assertSameAsPicocli("--tuner", "");
        assertSameAsPicocli("--tuner", "TPE", "--tuner-args=a=b");
        assertSameAsPicocli(); // no options: the defaults (and later "no tuner" from the settings)
    }

    @Test
    void defaultsComeFromTheSameTableAsPicocli() {
        DaemonCommand fast = command();
        assertTrue(DaemonLaunchArgs.fill(fast, new String[] {"--tuner", "Random"}));
        assertEquals(dev.tunerd.core.dispatch.Daemon.Settings.DEFAULT_QUEUE_CAPACITY, fast.queueCapacity);
        assertEquals(14, fast.headerDigits);
        assertEquals("auto", fast.wsForm);
        assertEquals(List.of(), fast.pluginPath);
    }

    @Test
    void whatPicocliMustJudgeIsDeclined() {
        assertDeclined("--help");
        assertDeclined("--tuner", "TPE", "-h");
        assertDeclined("--version");
        assertDeclined("--list");
        assertDeclined("--cds-training");
        assertDeclined("--tuner", "TPE", "--echo-ping", "--echo-ping");
        assertDeclined("--tuner", "TPE", "--echo-ping=true");
        assertDeclined("--tuner", "TPE", "--bogus", "1");
        assertDeclined("--tuner", "TPE", "stray");
        assertDeclined("--tuner", "TPE", "--tuner", "Random");
        assertDeclined("--tuner");
        assertDeclined("--tuner", "--assessor", "Medianstop");
        assertDeclined("--tuner", "@args.txt");
        assertDeclined("@args.txt");
        assertDeclined("--tuner", "TPE", "--");
        assertDeclined("-mnni", "--tuner", "TPE");
        assertDeclined("-m=nni", "--tuner", "TPE");
        assertDeclined("--tuner", "TPE", "--queue-capacity", "010");
        assertDeclined("--tuner", "TPE", "--queue-capacity", "+10");
        assertDeclined("--tuner", "TPE", "--queue-capacity", "-10");
        assertDeclined("--tuner", "TPE", "--queue-capacity", "0x10");
        assertDeclined("--tuner", "TPE", "--queue-capacity", "9999999999");
        assertDeclined("--tuner", "TPE", "--queue-capacity", "");
        assertDeclined("--tuner", "TPE", "--plugin-path", "a\0b");
    }

    /** Random lines from options, values and junk: whatever the fast path takes, picocli reads the same way. */
    @Test
    void neverTakesALineOtherwiseThanPicocli() {
        String[] words = {"--tuner", "--tuner-args", "--assessor", "--assessor-args", "--exp_params", "-m",
            "--plugin-path", "--queue-capacity", "--max-frame-bytes", "--header-digits", "--channel", "--ws-form",
            "--checkpoint-mode", "--list", "--echo-ping", "--echo-ping=false", "--tuner=TPE", "--queue-capacity=5", "--header-digits=6", "-m=nni",
            "--plugin-path=/p", "TPE", "nni", "{\"a\": 1}", "5", "0", "007", "-3", "2147483648", "/dir", "", "-",
            "--", "@f", "ws://h:1/p", "auto", "x=y", "--tuner-args=", "-h", "--nope"};
        Random random = new Random(42);
        int taken = 0;
        for (int n = 0; n < 20_000; n++) {
            String[] args = new String[random.nextInt(7)];
            for (int i = 0; i < args.length; i++) {
                args[i] = words[random.nextInt(words.length)];
            }
            DaemonCommand fast = command();
            if (DaemonLaunchArgs.fill(fast, args)) {
                taken++;
                DaemonCommand slow = picocli(args);
                assertTrue(slow != null, () -> "picocli rejects what the fast path took: " + Arrays.toString(args));
                assertEquals(fields(slow), fields(fast), Arrays.toString(args));
            }
        }
        assertTrue(taken > 1000, "the corpus must exercise the fast path, it took " + taken + " lines");
    }

    @Test
    void aFailureGivesPicocliExitCodeAndMessage() {
        String[] args = {"--tuner", "NoSuchTuner"};
        DaemonCommand fast = command();
        assertTrue(DaemonLaunchArgs.fill(fast, args));
        StringWriter fastErr = new StringWriter();
        int fastCode = TunerdCli.call(fast, new PrintWriter(fastErr));
        StringWriter slowErr = new StringWriter();
        int slowCode = TunerdCli.commandLine(command(), new PrintWriter(new StringWriter()), new PrintWriter(slowErr))
            .execute(args);
        assertEquals(2, fastCode);
        assertEquals(slowCode, fastCode);
        assertEquals(slowErr.toString(), fastErr.toString());
        assertTrue(fastErr.toString().contains("Builtin name is not found: nosuchtuner"), fastErr.toString());
    }
}
