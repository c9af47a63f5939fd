package dev.tunerd.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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

    @Test
    void theMirrorRunDecidesAsTheMinimisingRunSeedForSeed(@TempDir Path dir) throws Exception {
        // issue 13 session 25: scores 1 - loss / 4, every contender maximising; rank rules decide alike. Four workers
        // too: the bench reads up to a PI's echo (--echo-ping) where it used to wait a few milliseconds, so a trial's end
        // no longer races the budget's in wall time and the runs repeat exactly
        List<String> plan = List.of("bench", "multifidelity", "--algorithms", "Hyperband,ASHA", "--problems", "crossing",
            "--workers", "1,4", "--seeds", "2", "--first-seed", "22500", "--full-trainings", "6", "--parallel", "2");
        Path min = dir.resolve("min.csv");
        Path max = dir.resolve("max.csv");
        LauncherRun losses = LauncherRun.launcher(Duration.ofSeconds(240), concat(plan, "--per-run", min.toString()));
        LauncherRun scores = LauncherRun.launcher(Duration.ofSeconds(240), concat(plan, "--per-run", max.toString(),
            "--maximize"));
        assertEquals(0, losses.exitCode(), losses.describe());
        assertEquals(0, scores.exitCode(), scores.describe());
        assertTrue(scores.stderr().contains("Mirror run (--maximize): trials reported 1 - loss / 4"), scores.stderr());
        assertFalse(losses.stderr().contains("Mirror run"), losses.stderr());
        List<String> rows = Files.readAllLines(min);
        assertEquals(1 + 3 * 2 * 2, rows.size(), "Random, Hyperband and ASHA on two seeds, 1 and 4 workers: " + rows);
        assertEquals(rows, Files.readAllLines(max), "every run's regrets, trials, full trainings and stops");
        assertEquals("", scores.stdout(), "stdout is for protocol frames only");
    }

    private static List<String> concat(List<String> plan, String... more) {
        List<String> all = new ArrayList<>(plan);
        all.addAll(List.of(more));
        return all;
    }
}
