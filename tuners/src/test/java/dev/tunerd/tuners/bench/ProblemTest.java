package dev.tunerd.tuners.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The benchmark functions reach their published minima at their published minimisers. */
class ProblemTest {

    private static double at(String name, double... x) {
        return Arrays.stream(Problem.all()).filter(p -> p.name().equals(name)).findFirst().orElseThrow().value(x);
    }

    @Test
    void publishedMinimaAtPublishedMinimisers() {
        assertEquals(0.397887, at("branin", Math.PI, 2.275), 1e-6);
        assertEquals(3.0, at("goldstein", 0, -1), 1e-9);
        assertEquals(-1.0316285, at("camel6", 0.0898, -0.7126), 1e-6);
        assertEquals(-3.86278, at("hartmann3", 0.114614, 0.555649, 0.852547), 1e-5);
        assertEquals(-3.32237, at("hartmann6", 0.20169, 0.150011, 0.476874, 0.275332, 0.311652, 0.6573), 1e-5);
        assertEquals(0.0, at("rosenbrock4", 1, 1, 1, 1), 1e-12);
        assertEquals(0.0, at("ackley5", 0, 0, 0, 0, 0), 1e-12);
        assertEquals(0.0, at("levy6", 1, 1, 1, 1, 1, 1), 1e-12);
        double s = -2.903534;
        assertEquals(-39.16617 * 5, at("styblinski5", s, s, s, s, s), 1e-4);
    }

    @Test
    void mixedProblemIsZeroAtItsOptimumAndPositiveElsewhere() {
        MixedProblem p = new MixedProblem();
        double[] best = p.space().deformat(dev.tunerd.spi.json.JsonObject.builder()
            .put("optimizer", dev.tunerd.spi.json.JsonObject.builder().put("_name", "adam").put("lr", 0.001)
                .put("beta1", 0.9).build())
            .put("layers", 4).put("units", 256.0).put("activation", "relu").put("dropout", 0.2).put("shift", 0.5)
            .build());
        assertEquals(0.0, p.evaluate(best), 1e-9);
        best[best.length - 1] = 0.0;
        assertTrue(p.evaluate(best) > 0.1);
    }

    @Test
    void theDaemonsMixedProblemThroughTheAdapterIsZeroOnlyAtItsOptimum() {
        SimulatorProblem p = new SimulatorProblem(new dev.tunerd.simulator.problem.MixedSpaceProblem());
        assertEquals("mixed", p.name());
        double[] best = p.space().deformat(dev.tunerd.spi.json.JsonObject.builder()
            .put("optimizer", dev.tunerd.spi.json.JsonObject.builder().put("_name", "adam").put("lr", 0.001)
                .put("beta1", 0.9).build())
            .put("layers", 4).put("activation", "relu").put("batch_size", 64).build());
        assertEquals(0.0, p.evaluate(best), 1e-9);
        double[] sgd = p.space().deformat(dev.tunerd.spi.json.JsonObject.builder()
            .put("optimizer", dev.tunerd.spi.json.JsonObject.builder().put("_name", "sgd").put("lr", 0.1)
                .put("momentum", 0.9).build())
            .put("layers", 4).put("activation", "relu").put("batch_size", 64).build());
        assertEquals(1.0, p.evaluate(sgd), 1e-9);
    }
}
