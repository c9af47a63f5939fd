package dev.tunerd.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code tunerd bench multifidelity} through the built launcher: advisors and a tuner with an assessor spend a small
 * epoch budget through real daemons, and the tables report regret, utilisation and stopped trials.
 */
class MultiFidelityBenchIT {

    @Test
    void advisorsAndAssessorsSpendTheEpochBudgetThroughTheDaemon() throws Exception {
        LauncherRun r = LauncherRun.launcher(Duration.ofSeconds(240), List.of("bench", "multifidelity",
            "--algorithms", "Hyperband-serial,ASHA,TPE+SuccessiveHalving@-1", "--problems", "crossing", "--workers", "4",
            "--seeds", "1", "--set-size", "1", "--full-trainings", "6", "--parallel", "2"));
        assertEquals(0, r.exitCode(), r.describe());
        String out = r.stderr();
        assertTrue(out.contains("### crossing, 4 workers (1 seeds)"), out);
        String asha = out.lines().filter(l -> l.startsWith("| ASHA |")).findFirst().orElseThrow();
        assertTrue(asha.contains("| 100.0% |"), "ASHA keeps every worker busy: " + asha);
        String random = out.lines().filter(l -> l.startsWith("| Random |")).findFirst().orElseThrow();
        assertTrue(random.contains(" / 0 |"), "Random is the zero of the scores at the full budget: " + random);
        String sh = out.lines().filter(l -> l.startsWith("| TPE+SuccessiveHalving@-1 |")).findFirst().orElseThrow();
        assertTrue(Double.parseDouble(sh.split("\\|")[9].trim()) > 0, "the assessor (rank check off: 6 full trainings are too few for it) stopped trials: " + sh);
        assertEquals("", r.stdout(), "stdout is for protocol frames only");
        assertTrue(out.contains("\nPaired with random search"), "the paired table follows the table: " + out);
        String paired = out.substring(out.indexOf("Paired with random search"));
        assertTrue(paired.startsWith("Paired with random search (per seed, contender minus Random's regret at 100 %;")
            && paired.contains("sets of 1 seed)"), out);
        List<String> rows = paired.lines().skip(4).takeWhile(l -> l.startsWith("| "))
            .map(l -> l.split("\\|")[1].trim()).toList();
        assertEquals(List.of("Hyperband-serial", "ASHA", "TPE+SuccessiveHalving@-1"), rows,
            "one paired row per contender other than Random, in plan order: " + paired);
        assertTrue(paired.lines().skip(4).limit(3).allMatch(l -> l.matches("\\| \\S+ \\| [+-]\\d\\.\\d{5} \\(.*\\| [01] of 1 \\|.*")),
            paired);
    }
}
