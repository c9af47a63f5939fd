package dev.tunerd.simulator.problem;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import dev.tunerd.spi.json.JsonValue;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Draws parameter sets from a flat NNI search space as NNI's random tuner would (the types the learning-curve problems
 * use: {@code uniform}, {@code loguniform}, {@code quniform}, {@code randint} with its upper bound excluded,
 * {@code choice}), for the tests' lower-bound checks of f*.
 */
final class SpaceSampler {
    private SpaceSampler() {
    }

    static JsonValue draw(JsonObject space, SplittableRandom random) {
        StringBuilder out = new StringBuilder("{");
        for (String key : space.keys()) {
            JsonObject spec = (JsonObject) space.get(key);
            String type = ((JsonString) spec.get("_type")).value();
            List<JsonValue> v = ((JsonArray) spec.get("_value")).values();
            double lo = v.get(0).isNumber() ? v.get(0).asDouble() : 0;
            double hi = v.size() > 1 && v.get(1).isNumber() ? v.get(1).asDouble() : 0;
            String value = switch (type) {
                case "uniform" -> Double.toString(lo + random.nextDouble() * (hi - lo));
                case "loguniform" -> Double.toString(Math.exp(Math.log(lo) + random.nextDouble() * Math.log(hi / lo)));
                case "quniform" -> {
                    double q = v.get(2).asDouble();
                    yield Double.toString(Math.min(hi, Math.max(lo, Math.round((lo + random.nextDouble() * (hi - lo))
                        / q) * q)));
                }
                case "randint" -> Long.toString((long) lo + random.nextLong((long) (hi - lo)));
                case "choice" -> Json.write(v.get(random.nextInt(v.size())));
                default -> throw new IllegalArgumentException("the sampler has no " + type);
            };
            out.append(out.length() > 1 ? ", " : "").append(Json.write(JsonString.of(key))).append(": ").append(value);
        }
        return Json.parse(out.append('}').toString());
    }
}
