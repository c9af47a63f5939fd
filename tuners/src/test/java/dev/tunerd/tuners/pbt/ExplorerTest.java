package dev.tunerd.tuners.pbt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;

import org.junit.jupiter.api.Test;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.tuners.common.Rng;

class ExplorerTest {
    private static final SearchSpace SPACE = SearchSpace.parse(Json.parseObject("""
        {"c": {"_type": "choice", "_value": ["a", "b", "c", "d"]},
         "r": {"_type": "randint", "_value": [2, 6]},
         "u": {"_type": "uniform", "_value": [0, 10]},
         "q": {"_type": "quniform", "_value": [0, 1, 0.25]},
         "l": {"_type": "loguniform", "_value": [0.001, 1]}}
        """, "space"), SearchSpace.ALL_TYPES);

    @Test
    void withoutResamplingEachParameterMovesOneStepAndStaysInRange() {
        Explorer explorer = new Explorer(SPACE, 0.2, 0.0);
        Rng rng = Rng.withSeed(1);
        double[] start = {1, 2, 5, 0.5, Math.log(0.03)};
        Set<Double> uValues = new HashSet<>();
        for (int k = 0; k < 200; k++) {
            double[] x = explorer.explore(start, rng);
            assertEquals(1, Math.abs(x[0] - start[0]), 0.0, "choice moves one option");
            assertEquals(1, Math.abs(x[1] - start[1]), 0.0, "randint moves one");
            uValues.add(x[2]);
            assertEquals(0.25, Math.abs(x[3] - start[3]), 1e-12, "quniform moves one quantum");
            assertEquals(0.2 * Math.log(1000), Math.abs(x[4] - start[4]), 1e-12, "loguniform: factor of the log range");
            JsonObject formatted = SPACE.format(x);
            assertTrue(formatted.get("u").asDouble() >= 0 && formatted.get("u").asDouble() <= 10);
        }
        assertEquals(Set.of(3.0, 7.0), uValues, "uniform moves by factor x range, both ways");
    }

    @Test
    void stepsAreClampedAtTheBounds() {
        Explorer explorer = new Explorer(SPACE, 0.9, 0.0);
        Rng rng = Rng.withSeed(2);
        double[] edge = {3, 3, 10, 1, 0};
        for (int k = 0; k < 100; k++) {
            double[] x = explorer.explore(edge, rng);
            assertTrue(x[0] <= 3 && x[1] <= 3 && x[2] <= 10 && x[3] <= 1 && x[4] <= 0, java.util.Arrays.toString(x));
            assertTrue(x[2] >= 0 && x[3] >= 0 && x[4] >= Math.log(0.001));
        }
    }

    @Test
    void resamplingDrawsFromTheWholeRange() {
        Explorer explorer = new Explorer(SPACE, 0.2, 1.0);
        Rng rng = Rng.withSeed(3);
        Set<Double> choices = new HashSet<>();
        for (int k = 0; k < 200; k++) {
            choices.add(explorer.explore(new double[] {0, 0, 0, 0, Math.log(0.001)}, rng)[0]);
        }
        assertEquals(Set.of(0.0, 1.0, 2.0, 3.0), choices);
    }
}
