package dev.tunerd.report;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonValue;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/** Experiments built in code for the report tests. */
final class ReportFixtures {

    private ReportFixtures() {
    }

    /**
     * {@code n} trials on a space with a log-uniform {@code lr} that decides the result, a {@code noise} parameter
     * that does not, and a nested choice {@code optimizer} ({@code sgd} with {@code momentum}, or {@code adam}) whose
     * branch adds a fixed amount. Every fifth trial is stopped early (no final result, three intermediate results).
     */
    static Experiment synthetic(int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        List<ReportTrial> trials = new ArrayList<>();
        double clock = 0;
        for (int i = 0; i < n; i++) {
            double lr = Math.pow(10, -5 + 4 * r.nextDouble());
            double noise = r.nextDouble();
            boolean sgd = r.nextBoolean();
            String optimizer = sgd ? "{\"_name\": \"sgd\", \"momentum\": " + r.nextDouble() + "}"
                : "{\"_name\": \"adam\"}";
            JsonValue params = Json.parse("{\"lr\": " + lr + ", \"noise\": " + noise + ", \"optimizer\": " + optimizer
                + "}");
            double value = Math.pow(Math.log10(lr) + 3, 2) + (sgd ? 0.3 : 0) + 0.01;
            boolean stopped = i % 5 == 4;
            double[] curve = new double[stopped ? 3 : 10];
            for (int s = 0; s < curve.length; s++) {
                curve[s] = value * (1 + 3.0 / (s + 1));
            }
            double start = clock;
            clock += 1 + r.nextDouble();
            trials.add(new ReportTrial(Integer.toString(i), "job" + i, stopped ? ReportTrial.EARLY_STOPPED : "SUCCEEDED",
                stopped ? Double.NaN : value, params, start, clock, curve));
        }
        return new Experiment("synthetic", "code", true, trials, List.of());
    }
}
