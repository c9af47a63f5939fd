package dev.tunerd.simulator.problem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonObject;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;
import java.util.List;

class ProblemsTest {

    static List<String> textbook() {
        return Problems.TEXTBOOK;
    }

    @ParameterizedTest
    @MethodSource("textbook")
    void valueAtTheKnownMinimiserIsTheListedOptimum(String name) {
        BoxFunctionProblem p = (BoxFunctionProblem) Problems.create(name, 0);
        assertEquals(p.optimum(), p.valueAt(p.argmin()), 1e-4, name);
    }

    @ParameterizedTest
    @MethodSource("textbook")
    void theOptimumIsALowerBoundOverARandomSample(String name) {
        BoxFunctionProblem p = (BoxFunctionProblem) Problems.create(name, 0);
        java.util.SplittableRandom r = new java.util.SplittableRandom(7);
        JsonObject space = p.searchSpace();
        for (int i = 0; i < 2000; i++) {
            double[] x = new double[p.dimensions()];
            for (int d = 0; d < x.length; d++) {
                JsonArray bounds = (JsonArray) ((JsonObject) space.get("x" + d)).get("_value");
                double lo = bounds.values().get(0).asDouble();
                double hi = bounds.values().get(1).asDouble();
                x[d] = lo + r.nextDouble() * (hi - lo);
            }
            assertTrue(p.valueAt(x) >= p.optimum() - 1e-6, name + " below f* at " + java.util.Arrays.toString(x));
        }
    }

    /** Values computed by hand from the textbook formulas. */
    @ParameterizedTest
    @CsvSource({
        "branin, 0 0, 55.602112642270264",
        "goldstein, 0 0, 600",
        "camel6, 1 1, 3.2333333333333334",
        "rosenbrock4, 0 0 0 0, 3",
        "ackley5, 0 0 0 0 0, 0",
        "levy6, 1 1 1 1 1 1, 0",
        "styblinski5, 0 0 0 0 0, 0",
        "styblinski5, 1 1 1 1 1, -25",
    })
    void handComputedPoints(String name, String point, double expected) {
        BoxFunctionProblem p = (BoxFunctionProblem) Problems.create(name, 0);
        double[] x = java.util.Arrays.stream(point.split(" ")).mapToDouble(Double::parseDouble).toArray();
        assertEquals(expected, p.valueAt(x), 1e-9);
    }

    @Test
    void everyParameterIsAUniformAndEvaluateReadsThem() {
        Problem p = Problems.create("branin", 0);
        assertEquals("{\"x0\": {\"_type\": \"uniform\", \"_value\": [-5.0, 10.0]}, "
            + "\"x1\": {\"_type\": \"uniform\", \"_value\": [0.0, 15.0]}}", Json.write(p.searchSpace()));
        double v = p.evaluate(Json.parse("{\"x0\": 3.141592653589793, \"x1\": 2.275}")).finalValue();
        assertEquals(0.397887, v, 1e-6);
    }

    @Test
    void outOfDomainAndMissingParametersAreNamed() {
        Problem p = Problems.create("branin", 0);
        var e = assertThrows(IllegalArgumentException.class, () -> p.evaluate(Json.parse("{\"x0\": 11.0, \"x1\": 1.0}")));
        assertTrue(e.getMessage().contains("\"x0\""), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> p.evaluate(Json.parse("{\"x0\": 1.0}")));
        assertTrue(e.getMessage().contains("\"x1\" is missing"), e.getMessage());
    }

    @Test
    void unknownProblemListsTheKnownOnes() {
        var e = assertThrows(IllegalArgumentException.class, () -> Problems.create("branim", 0));
        assertTrue(e.getMessage().contains("branin") && e.getMessage().contains("mixed"), e.getMessage());
    }
}
