package dev.tunerd.tuners.chaos;

import dev.tunerd.spi.ImportedTrial;
import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonBool;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonNull;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import dev.tunerd.spi.json.JsonValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * Metric values and imported entries as a hostile manager sends them, after the daemon's decoding: mostly a learning
 * curve's value (a float, an int, or a dict with a {@code default}), sometimes negative, huge, NaN or an infinity
 * (Python's {@code json.dumps} writes those), sometimes not a scalar at all (a string, null, a list, a dict without a
 * numeric {@code default}). Stateless.
 */
final class HostileValues {
    private HostileValues() {
    }

    /** The curve's value of a configuration at {@code epoch}: rises towards a level set by its parameters. */
    static double curve(JsonObject params, int epoch) {
        double x = params.get("x") == null ? 0.5 : params.get("x").asDouble();
        double level = 1 - (x - 0.3) * (x - 0.3) - ("b".equals(str(params.get("c"))) ? 0 : 0.1);
        return level * (1 - Math.exp(-(epoch + 1) / 3.0));
    }

    private static String str(JsonValue v) {
        return v instanceof JsonString s ? s.value() : null;
    }

    /** {@code v} as the manager may send it; {@code hostility} is the chance of anything but a plain float. */
    static JsonValue metric(SplittableRandom r, double v, double hostility) {
        if (r.nextDouble() >= hostility) {
            return JsonFloat.of(v);
        }
        return switch (r.nextInt(14)) {
            case 0 -> JsonFloat.of(Double.NaN);
            case 1 -> JsonFloat.of(Double.POSITIVE_INFINITY);
            case 2 -> JsonFloat.of(Double.NEGATIVE_INFINITY);
            case 3 -> JsonFloat.of(r.nextBoolean() ? 1.7e308 : -1.7e308);
            case 4 -> JsonFloat.of(-v - 5);
            case 5 -> JsonInt.of(r.nextBoolean() ? 0 : Long.MAX_VALUE);
            case 6 -> JsonObject.builder().put("default", JsonFloat.of(v)).put("loss", JsonFloat.of(1 - v)).build();
            case 7 -> JsonObject.builder().put("default", JsonFloat.of(Double.NaN)).build();
            case 8 -> JsonBool.of(r.nextBoolean());
            case 9 -> JsonString.of(r.nextBoolean() ? "0.5" : "\n[ERROR] forged line");
            case 10 -> JsonNull.INSTANCE;
            case 11 -> JsonArray.of(JsonFloat.of(v));
            case 12 -> JsonObject.builder().put("accuracy", JsonFloat.of(v)).build();
            default -> JsonObject.builder().put("default", JsonString.of("high")).build();
        };
    }

    /** An {@code FD}: entries that fit the space (with and without a budget) and entries that do not. */
    static List<ImportedTrial> imports(SplittableRandom r, int count) {
        List<ImportedTrial> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            JsonObject.Builder p = JsonObject.builder().put("x", JsonFloat.of(r.nextDouble()))
                .put("lr", JsonFloat.of(0.0001 + r.nextDouble() * 0.09)).put("q", JsonFloat.of(r.nextInt(21) * 0.5))
                .put("c", JsonString.of(new String[] {"a", "b", "c"}[r.nextInt(3)])).put("n", JsonInt.of(1 + r.nextInt(5)));
            JsonValue parameter;
            switch (r.nextInt(11)) {
                case 0 -> parameter = p.put("TRIAL_BUDGET", JsonInt.of(new int[] {1, 3, 9, 27, 1000, -1}[r.nextInt(6)]))
                    .build();
                case 1 -> parameter = p.put("TRIAL_BUDGET", JsonString.of("nine")).build();
                case 2 -> parameter = p.put("x", JsonFloat.of(5.0)).build(); // out of range
                case 3 -> parameter = p.put("unknown", JsonInt.of(1)).build();
                case 4 -> parameter = JsonObject.builder().put("x", JsonFloat.of(0.5)).build(); // keys missing
                case 5 -> parameter = r.nextBoolean() ? JsonString.of("x=0.5") : JsonNull.INSTANCE;
                case 6 -> parameter = p.put("c", JsonString.of("z")).build();
                case 7 -> parameter = p.put(r.nextBoolean() ? "q" : "x", JsonFloat.of(Double.NaN)).build();
                default -> parameter = p.build();
            }
            JsonValue value = r.nextInt(4) == 0 ? metric(r, r.nextDouble(), 1.0) : JsonFloat.of(r.nextDouble());
            out.add(new ImportedTrial(parameter, value, r.nextBoolean() ? Optional.of("imported" + i) : Optional.empty()));
        }
        return out;
    }
}
