package dev.tunerd.benchmarks;

import dev.tunerd.spi.json.JsonObject;

/** The 6-D Hartmann function over parameters x0..x5, for the suggestion benchmark. Stateless. */
final class Hartmann6 {

    private static final double[] ALPHA = {1.0, 1.2, 3.0, 3.2};
    private static final double[][] A = {
        {10, 3, 17, 3.5, 1.7, 8}, {0.05, 10, 17, 0.1, 8, 14}, {3, 3.5, 1.7, 10, 17, 8}, {17, 8, 0.05, 10, 0.1, 14}};
    private static final double[][] P = {
        {0.1312, 0.1696, 0.5569, 0.0124, 0.8283, 0.5886}, {0.2329, 0.4135, 0.8307, 0.3736, 0.1004, 0.9991},
        {0.2348, 0.1451, 0.3522, 0.2883, 0.3047, 0.6650}, {0.4047, 0.8828, 0.8732, 0.5743, 0.1091, 0.0381}};

    private Hartmann6() {
    }

    static double value(JsonObject p) {
        double sum = 0;
        for (int i = 0; i < 4; i++) {
            double inner = 0;
            for (int j = 0; j < 6; j++) {
                double d = p.get("x" + j).asDouble() - P[i][j];
                inner += A[i][j] * d * d;
            }
            sum += ALPHA[i] * Math.exp(-inner);
        }
        return -sum;
    }
}
