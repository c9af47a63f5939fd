package dev.tunerd.simulator.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.simulator.manager.FakeDaemons;
import dev.tunerd.simulator.manager.SimulationException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The benchmark drivers against the fake daemon child: they run the protocol to the end and count right. */
class BenchAgainstFakeDaemonTest {

    @Test
    void throughputStreamIsFullyDeliveredAndBarriersClose() throws Exception {
        ThroughputBench.Result r = ThroughputBench.run(new ThroughputBench.Plan(20, 10, FakeDaemons.command(),
            "{\"start_step\": 5}"));
        assertEquals(2 + 20 * 12, r.commands());
        assertEquals(20, r.kills(), "the fake kills every trial at its third metric");
        assertTrue(r.wallNanos() > r.startupNanos() && r.commandsPerSecond() > 0);
    }

    @Test
    void theRecordedStreamReplaysAndADivergingReplyIsCaught() throws Exception {
        ThroughputBench.Plan plan = new ThroughputBench.Plan(20, 10, FakeDaemons.command(), "{\"start_step\": 5}");
        ThroughputBench.Result r = ThroughputBench.run(plan);
        assertEquals(21, r.recording().trialContents().size(), "20 trials and the barrier");
        ThroughputReplay.Result replay = ThroughputReplay.run(plan, r.recording());
        assertEquals(r.kills(), replay.kills());
        assertEquals(r.commands(), replay.commands());
        assertTrue(replay.wallNanos() > replay.startNanos());

        java.util.List<String> tampered = new java.util.ArrayList<>(r.recording().trialContents());
        tampered.set(3, tampered.get(3).replace("parameter_id", "parameter_ID"));
        ThroughputBench.Recording wrong = new ThroughputBench.Recording(r.recording().stream(), tampered);
        SimulationException e = assertThrows(SimulationException.class, () -> ThroughputReplay.run(plan, wrong));
        assertTrue(e.getMessage().contains("diverged from its recording at TR 3"), e.getMessage());
    }

    @Test
    void qualityRunsEverySeedAndAddsRandom() throws Exception {
        QualityBench.Plan plan = new QualityBench.Plan(List.of("TPE"), List.of("branin", "mixed"), 6, 3, 2,
            FakeDaemons.command());
        assertEquals(List.of("Random", "TPE"), plan.tuners());
        QualityBench.Outcome o = QualityBench.run(plan, new PrintWriter(new StringWriter()));
        assertTrue(o.failures().isEmpty(), o.failures().toString());
        assertEquals(3, o.bestSoFar().get("TPE").get("mixed").size());
        assertEquals(6, o.bestSoFar().get("Random").get("branin").get(0).length);
        String table = QualityReport.render(o, plan.problems(), 6, 3);
        assertTrue(table.contains("| tunerd TPE |") && table.contains("Normalised score"), table);
    }

    @Test
    void qualityRunsTrialsInFlightAndSeedSets() throws Exception {
        QualityBench.Plan plan = new QualityBench.Plan(List.of("TPE"), List.of("branin"), 8, 2, 2, List.of(3), 2,
            FakeDaemons.command(), 0);
        assertEquals(List.of(0L, 1L, 2L, 3L), plan.seedList());
        assertEquals(List.of(new QualityBench.Arm("Random", 1), new QualityBench.Arm("TPE", 1),
            new QualityBench.Arm("TPE", 3)), plan.arms());
        QualityBench.Outcome o = QualityBench.run(plan, new PrintWriter(new StringWriter()));
        assertTrue(o.failures().isEmpty(), o.failures().toString());
        assertEquals(4, o.bestSoFar().get("TPE, 3 in flight").get("branin").size());
        assertEquals(8, o.bestSoFar().get("TPE, 3 in flight").get("branin").get(0).length);
        assertEquals(2, o.seedSets());
        String table = QualityReport.render(o, plan.problems(), 8, 4);
        assertTrue(table.contains("| tunerd TPE, 3 in flight |") && table.contains("seeds 2–3")
            && table.contains("Tail: 90th percentile of regret after 8 trials (4 seeds)"), table);
        assertThrows(IllegalArgumentException.class, () -> new QualityBench.Plan(List.of("TPE"), List.of("branin"),
            8, 2, 0, List.of(), 2, FakeDaemons.command(), 0));
        assertThrows(IllegalArgumentException.class, () -> new QualityBench.Plan(List.of("TPE"), List.of("branin"),
            8, 2, 1, List.of(0), 2, FakeDaemons.command(), 0));
    }

    @Test
    void qualityFromAFirstSeedRunsADisjointSeedSet() throws Exception {
        QualityBench.Plan plan = new QualityBench.Plan(List.of("TPE"), List.of("branin"), 4, 2, 1, List.of(),
            1, FakeDaemons.command(), 1000);
        StringWriter progress = new StringWriter();
        QualityBench.Outcome o = QualityBench.run(plan, new PrintWriter(progress));
        assertTrue(o.failures().isEmpty(), o.failures().toString());
        assertEquals(2, o.bestSoFar().get("TPE").get("branin").size());
        String log = progress.toString();
        assertTrue(log.contains("seed 1000)") && log.contains("seed 1001)") && !log.contains("seed 0)"), log);
        assertThrows(IllegalArgumentException.class, () -> new QualityBench.Plan(List.of("TPE"), List.of("branin"),
            4, 2, 1, List.of(), 1, FakeDaemons.command(), -1));
    }
}
