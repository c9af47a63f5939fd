package dev.tunerd.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.CommandType;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The example plugin (examples/) loaded from a --plugin-path directory, by name, with strictly bound classArgs. */
@Timeout(60)
class PluginIT {

    private static final String DIR = Path.of(System.getProperty("tunerd.examplePluginDir", "../examples/target"))
        .toAbsolutePath().toString();

    @Test
    void pluginTunerRunsByNameFromThePluginPath() throws Exception {
        String config = "{\"tuner\": {\"name\": \"choicecycletuner\", \"classArgs\": {\"repeat\": false}}}";
        try (TunerdProcess p = TunerdProcess.start(config, Map.of(), "--plugin-path", DIR)) {
            p.send(CommandType.INITIALIZE, "{\"a\": {\"_type\": \"choice\", \"_value\": [1, 2]}}");
            p.send(CommandType.REQUEST_TRIAL_JOBS, "3");
            assertEquals(CommandType.INITIALIZED, p.reply().type());
            assertEquals("{\"parameter_id\": 0, \"parameter_source\": \"algorithm\", \"parameters\": {\"a\": 1},"
                + " \"parameter_index\": 0}", p.reply().content());
            assertTrue(p.reply().content().contains("\"parameters\": {\"a\": 2}"));
            assertEquals("{\"parameter_id\": 0, \"parameter_source\": \"algorithm\", \"parameters\": \"\","
                + " \"parameter_index\": 0}", p.reply().content());
            p.send(CommandType.TERMINATE, "");
            assertEquals(0, p.exitCode(Duration.ofSeconds(5)));
            assertTrue(p.dispatcherLog().contains("ChoiceCycle: 2 combinations"), "plugin's System.Logger reaches the log");
        }
    }

    @Test
    void wrongClassArgTypeIsAUsageErrorNamingTheKey() throws Exception {
        String config = "{\"tuner\": {\"name\": \"ChoiceCycle\", \"classArgs\": {\"seed\": \"7\"}}}";
        try (TunerdProcess p = TunerdProcess.start(config, Map.of(), "--plugin-path", DIR)) {
            assertEquals(2, p.exitCode(Duration.ofSeconds(10)));
            assertTrue(p.stderr().contains("classArgs of ChoiceCycle: key \"seed\""), p.stderr());
        }
    }

    @Test
    void listShowsThePluginWithItsDefaults() throws Exception {
        Process p = new ProcessBuilder(TunerdProcess.launcher(), "--list", "--plugin-path", DIR)
            .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(10, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue());
        List<String> lines = out.lines().toList();
        int at = lines.indexOf(lines.stream().filter(l -> l.contains("ChoiceCycle (aliases: ChoiceCycleTuner)"))
            .findFirst().orElseThrow(() -> new IOException("not listed:\n" + out)));
        assertEquals("      classArgs defaults: {\"seed\":null,\"repeat\":false}", lines.get(at + 1));
    }
}
