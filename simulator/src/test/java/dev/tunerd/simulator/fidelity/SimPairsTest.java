package dev.tunerd.simulator.fidelity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SimPairsTest {

    /**
     * Random's finals 0.010, 0.020 | 0.030, 0.040 (mean 0.025). The contender at a third: 0.008, 0.020 | 0.035, 0.040:
     * differences -0.002, 0, +0.005, 0, mean +0.00075 = +3.0 %, one seed worse, one better, set means 0.014 against
     * 0.015 (at or below) and 0.0375 against 0.035 (above). At 100 %: 0.005, 0.010 | 0.030, 0.040: mean -0.00375 =
     * -15.0 %, none worse, two better, both sets at or below.
     */
    @Test
    void readsHyperbandSimLinesAndPairsThemBySeed(@TempDir Path dir) throws IOException {
        Path random = Files.writeString(dir.resolve("rs.csv"), String.join("\n", "1,0.05,0.04,0.03,0.01000,0000",
            "2,0.05,0.04,0.03,0.02000,0000", "3,0.05,0.04,0.03,0.03000,0000", "4,0.05,0.04,0.03,0.04000,0000",
            "mean,0.05,0.04,0.03,0.02500", "utilisation 100.0 %, virtual time ..."));
        Path hb = Files.writeString(dir.resolve("hb.csv"), String.join("\n", "3,0.05,0.035,0.03,0.030,0",
            "1,0.05,0.008,0.006,0.005,04", "2,0.05,0.020,0.02,0.010,4", "4,0.05,0.040,0.04,0.040,"));
        String out = SimPairs.render(SimPairs.cells("HB", hb), SimPairs.cells("Random", random), 2);
        List<String> lines = out.lines().toList();
        assertEquals("random search's mean regret at 100 %: 0.02500 over 4 seeds", lines.get(0));
        assertTrue(lines.get(1).startsWith("at a third: +3.0% (+0.00075, "), lines.get(1));
        assertTrue(lines.get(1).endsWith("; 1 / 1; sets 1/2; 4 pairs)"), lines.get(1));
        assertTrue(lines.get(2).startsWith("at 100 %: -15.0% (-0.00375, "), lines.get(2));
        assertTrue(lines.get(2).endsWith("; 0 / 2; sets 2/2; 4 pairs)"), lines.get(2));
    }

    @Test
    void aFileWithoutPerSeedLinesIsRefusedByName(@TempDir Path dir) throws IOException {
        Path empty = Files.writeString(dir.resolve("empty.csv"), "mean,0.1,0.1,0.1,0.1\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> SimPairs.cells("HB", empty));
        assertTrue(e.getMessage().contains("empty.csv"), e.getMessage());
    }
}
