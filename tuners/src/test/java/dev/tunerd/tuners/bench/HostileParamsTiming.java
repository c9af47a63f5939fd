package dev.tunerd.tuners.bench;

import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.tuners.successivehalving.SuccessiveHalvingArgs;
import dev.tunerd.tuners.successivehalving.SuccessiveHalvingAssessor;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The cost of the SuccessiveHalving assessor's judgements ({@code rank_by} rescue and auto) when every trial is told
 * parameters of one hostile shape (issue 13 hardening): {@code java -cp $CP dev.tunerd.tuners.bench.HostileParamsTiming
 * SEED TRIALS}. Prints per shape and mode the total and the worst single call (told + judgements + end) in ms. A bench
 * main, not a test: figures under load are upper bounds.
 */
public final class HostileParamsTiming {
    private HostileParamsTiming() {
    }

    public static void main(String[] args) {
        long seed = Long.parseLong(args[0]);
        int trials = Integer.parseInt(args[1]);
        System.out.println("shape,rank_by,trials,total_ms,worst_call_ms");
        for (String shape : List.of("ordinary", "keys100k", "chain500x500", "nested1000", "string1MB", "keys4000")) {
            for (String mode : List.of("rescue", "auto")) {
                SplittableRandom r = new SplittableRandom(seed);
                var a = new SuccessiveHalvingAssessor(new SuccessiveHalvingArgs("minimize", 1, 2, null, -1.0, null,
                    mode));
                double worst = 0;
                long start = System.nanoTime();
                for (int i = 0; i < trials; i++) {
                    double x = r.nextDouble();
                    JsonValue p = params(shape, x);
                    long t0 = System.nanoTime();
                    a.trialParameters("T" + i, p);
                    List<JsonValue> h = List.of(JsonFloat.of(x), JsonFloat.of(x + 0.001), JsonFloat.of(1 - x));
                    for (int k = 1; k <= h.size(); k++) {
                        a.assessTrial("T" + i, h.subList(0, k));
                    }
                    a.trialEnd("T" + i, true);
                    worst = Math.max(worst, (System.nanoTime() - t0) / 1e6);
                }
                System.out.printf("%s,%s,%d,%.1f,%.2f%n", shape, mode, trials, (System.nanoTime() - start) / 1e6,
                    worst);
            }
        }
    }

    private static JsonValue params(String shape, double x) {
        switch (shape) {
            case "keys100k", "keys4000" -> {
                JsonObject.Builder b = JsonObject.builder();
                int n = shape.equals("keys100k") ? 100_000 : 4000;
                for (int i = 0; i < n; i++) {
                    b.put("k" + i, x * i);
                }
                return b.build();
            }
            case "chain500x500" -> {
                List<JsonValue> numbers = new ArrayList<>();
                for (int i = 0; i < 500; i++) {
                    numbers.add(JsonFloat.of(x + i));
                }
                JsonValue v = new JsonArray(numbers);
                for (int i = 0; i < 500; i++) {
                    v = JsonObject.builder().put("k".repeat(1000), v).build();
                }
                return v;
            }
            case "nested1000" -> {
                JsonValue v = JsonFloat.of(x);
                for (int i = 0; i < 1000; i++) {
                    v = JsonObject.builder().put("a", v).build();
                }
                return v;
            }
            case "string1MB" -> {
                return JsonObject.builder().put("x", x).put("s", "s".repeat(1 << 20) + (x < 0.5 ? "a" : "b")).build();
            }
            default -> {
                return JsonObject.builder().put("x", x).put("opt", x < 0.5 ? "adam" : "sgd").build();
            }
        }
    }
}
