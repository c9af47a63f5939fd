package dev.tunerd.simulator.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.simulator.manager.FakeDaemons;
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
}
