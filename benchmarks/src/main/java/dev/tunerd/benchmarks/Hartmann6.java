package dev.tunerd.benchmarks;

import dev.tunerd.simulator.problem.TextbookFunctions;
import dev.tunerd.spi.json.JsonObject;

/** The 6-D Hartmann function over parameters x0..x5, for the suggestion benchmark. Stateless. */
final class Hartmann6 {

    private Hartmann6() {
    }

    static double value(JsonObject p) {
        double[] x = new double[6];
        for (int j = 0; j < 6; j++) {
            x[j] = p.get("x" + j).asDouble();
        }
        return TextbookFunctions.hartmann6(x);
    }
}
