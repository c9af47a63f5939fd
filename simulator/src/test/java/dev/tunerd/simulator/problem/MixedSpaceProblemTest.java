package dev.tunerd.simulator.problem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import org.junit.jupiter.api.Test;

class MixedSpaceProblemTest {

    private final Problem mixed = Problems.create("mixed", 0);

    private double f(String parameters) {
        return mixed.evaluate(Json.parse(parameters)).finalValue();
    }

    @Test
    void theOptimumIsZeroAtAdamWithItsBestSettings() {
        assertEquals(0.0, mixed.optimum());
        assertEquals(0.0, f("{\"optimizer\": {\"_name\": \"adam\", \"lr\": 0.001, \"beta1\": 0.9}, \"layers\": 4, "
            + "\"activation\": \"relu\", \"batch_size\": 64}"), 1e-12);
    }

    @Test
    void theBestSgdPointIsOneWorse() {
        assertEquals(1.0, f("{\"optimizer\": {\"_name\": \"sgd\", \"lr\": 0.1, \"momentum\": 0.9}, \"layers\": 4, "
            + "\"activation\": \"relu\", \"batch_size\": 64}"), 1e-12);
    }

    @Test
    void handComputedPoint() {
        // adam: (log10(1e-2)+3)^2 + 4*(0.5-0.9)^2 = 1 + 0.64; layers 6: 0.4; tanh 0.3; batch 16: 0.05*2
        assertEquals(1 + 0.64 + 0.4 + 0.3 + 0.1, f("{\"optimizer\": {\"_name\": \"adam\", \"lr\": 0.01, "
            + "\"beta1\": 0.5}, \"layers\": 6, \"activation\": \"tanh\", \"batch_size\": 16}"), 1e-12);
    }

    @Test
    void theSpaceHasEveryKindOfParameter() {
        String space = Json.write(mixed.searchSpace());
        for (String kind : new String[] {"choice", "loguniform", "uniform", "randint", "_name"}) {
            assertTrue(space.contains(kind), kind);
        }
    }

    @Test
    void aBranchParameterMissingIsNamed() {
        var e = assertThrows(IllegalArgumentException.class, () -> f("{\"optimizer\": {\"_name\": \"adam\", "
            + "\"lr\": 0.01}, \"layers\": 6, \"activation\": \"tanh\", \"batch_size\": 16}"));
        assertTrue(e.getMessage().contains("beta1"), e.getMessage());
    }
}
