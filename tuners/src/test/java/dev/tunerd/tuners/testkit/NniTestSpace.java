package dev.tunerd.tuners.testkit;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.spi.space.ParameterType;
import java.util.List;
import java.util.Set;

/**
 * NNI's test search space ({@code test/ut/sdk/assets/search_space.json}, spec 8.2 S8): one key per type and edge
 * case. {@link #SINGLES} lists the keys every tuner must accept; {@code randint_fail_equal} must be refused.
 */
public final class NniTestSpace {
    /** The whole file, in its order. */
    public static final JsonObject ALL = Json.parseObject("""
        {
          "choice_str": {"_type": "choice", "_value": ["cat", "dog", "elephant", "cow", "sheep", "panda"]},
          "choice_int": {"_type": "choice", "_value": [42, 43, -1]},
          "choice_mixed": {"_type": "choice", "_value": [0.3, "cat", 1, null]},
          "choice_float": {"_type": "choice", "_value": [0.3, 1, 2.0]},
          "choice_single": {"_type": "choice", "_value": [1]},
          "randint_ok": {"_type": "randint", "_value": [-2, 3]},
          "randint_single": {"_type": "randint", "_value": [10, 11]},
          "randint_fail_equal": {"_type": "randint", "_value": [0, 0]},
          "uniform_ok": {"_type": "uniform", "_value": [-1.0, 1.5]},
          "uniform_equal": {"_type": "uniform", "_value": [99.9, 99.9]},
          "quniform_ok": {"_type": "quniform", "_value": [0.0, 10.0, 2.5]},
          "quniform_clip": {"_type": "quniform", "_value": [2.0, 10.0, 5.0]},
          "quniform_clip_2": {"_type": "quniform", "_value": [-5.5, -0.5, 6]},
          "loguniform_ok": {"_type": "loguniform", "_value": [0.001, 100]},
          "loguniform_equal": {"_type": "loguniform", "_value": [1, 1]},
          "qloguniform_ok": {"_type": "qloguniform", "_value": [0.001, 100, 1]},
          "qloguniform_equal": {"_type": "qloguniform", "_value": [2, 2, 1]},
          "normal_ok": {"_type": "normal", "_value": [-1.0, 5.0]},
          "qnormal_ok": {"_type": "qnormal", "_value": [-1.5, 5.0, 0.1]},
          "lognormal_ok": {"_type": "lognormal", "_value": [-1.0, 5.0]},
          "qlognormal_ok": {"_type": "qlognormal", "_value": [-1.5, 5.0, 0.1]}
        }""", "NNI test search space");

    /** The key every tuner must refuse (NNI: every tuner fails it). */
    public static final String FAILING = "randint_fail_equal";

    private NniTestSpace() {
    }

    /** The single-key spaces whose type is in {@code supported}, {@link #FAILING} excluded. */
    public static List<String> singles(Set<ParameterType> supported) {
        return ALL.keys().stream().filter(k -> !k.equals(FAILING)).filter(k -> supported.contains(typeOf(k))).toList();
    }

    /** {@code {key: spec}}. */
    public static JsonObject single(String key) {
        return JsonObject.builder().put(key, ALL.get(key)).build();
    }

    /** The union of the given keys, in the file's order. */
    public static JsonObject union(List<String> keys) {
        JsonObject.Builder b = JsonObject.builder();
        keys.forEach(k -> b.put(k, ALL.get(k)));
        return b.build();
    }

    static ParameterType typeOf(String key) {
        JsonValue type = ((JsonObject) ALL.get(key)).get("_type");
        return ParameterType.fromWire(((dev.tunerd.spi.json.JsonString) type).value());
    }
}
