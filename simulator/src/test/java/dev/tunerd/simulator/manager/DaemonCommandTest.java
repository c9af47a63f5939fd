package dev.tunerd.simulator.manager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class DaemonCommandTest {

    @Test
    void outsideAJarTheClassPathAndTheAppMainAreUsed() {
        List<String> cmd = DaemonCommand.sameJar().prefix();
        assertTrue(cmd.get(0).endsWith("java"), cmd.toString());
        assertEquals("dev.tunerd.app.Main", cmd.get(cmd.size() - 1));
        assertEquals("-cp", cmd.get(cmd.size() - 3));
    }

    @Test
    void algorithmsAreAppendedWithTheirArgs() {
        DaemonCommand d = DaemonCommand.parse("  java  -jar t.jar ");
        assertEquals(List.of("java", "-jar", "t.jar", "--tuner", "TPE", "--tuner-args", "{\"seed\": 1}",
                "--assessor", "Medianstop", "--assessor-args", "{\"start_step\": 5}"),
            d.commandLine(new AlgorithmChoice("TPE", "{\"seed\": 1}"),
                new AlgorithmChoice("Medianstop", "{\"start_step\": 5}")));
        assertThrows(IllegalArgumentException.class, () -> DaemonCommand.parse("   "));
    }
}
