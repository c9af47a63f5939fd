package dev.tunerd.tuners.bench;

import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.spi.space.SearchSpace;
import java.util.ArrayList;
import java.util.List;

/**
 * tunerd's own mixed, conditional problem: a made-up "network training" loss over a space with a nested choice
 * (optimizer with branch-specific parameters), loguniform, quniform, qloguniform, randint, a categorical and a
 * normal parameter. Evaluated on the user's values (after q rounding), with the optimum 0 at adam, lr = 1e-3,
 * beta1 = 0.9, layers = 4, units = 256, relu, dropout = 0.2, shift = 0.5 (every one of them reachable).
 */
public final class MixedProblem implements BenchProblem {
    private static final SearchSpace SPACE = SearchSpace.parse(JsonObject.builder()
        .put("optimizer", param("choice", new JsonArray(List.of(
            JsonObject.builder().put("_name", "sgd").put("lr", param("loguniform", nums(1e-5, 1)))
                .put("momentum", param("uniform", nums(0, 0.99))).build(),
            JsonObject.builder().put("_name", "adam").put("lr", param("loguniform", nums(1e-5, 1)))
                .put("beta1", param("quniform", nums(0.5, 0.99, 0.01))).build()))))
        .put("layers", param("randint", JsonArray.of(JsonInt.of(1), JsonInt.of(9))))
        .put("units", param("qloguniform", nums(16, 1024, 16)))
        .put("activation", param("choice", JsonArray.of(JsonString.of("relu"), JsonString.of("tanh"),
            JsonString.of("sigmoid"))))
        .put("dropout", param("uniform", nums(0, 0.8)))
        .put("shift", param("normal", nums(0, 1)))
        .build(), SearchSpace.ALL_TYPES);

    private static JsonObject param(String type, JsonArray values) {
        return JsonObject.builder().put("_type", type).put("_value", values).build();
    }

    private static JsonArray nums(double... v) {
        List<JsonValue> out = new ArrayList<>();
        for (double d : v) {
            out.add(JsonFloat.of(d));
        }
        return new JsonArray(out);
    }

    @Override
    public String name() {
        return "mixed";
    }

    @Override
    public SearchSpace space() {
        return SPACE;
    }

    @Override
    public double optimum() {
        return 0;
    }

    @Override
    public double evaluate(double[] internal) {
        JsonObject p = SPACE.format(internal);
        JsonObject opt = (JsonObject) p.get("optimizer");
        double lr = Math.log10(opt.get("lr").asDouble());
        double loss;
        if (opt.has("beta1")) {
            loss = 0.5 * sq(lr + 3) + 0.3 * sq((opt.get("beta1").asDouble() - 0.9) / 0.1);
        } else {
            loss = 0.3 + 0.5 * sq(lr + 1.5) + sq((opt.get("momentum").asDouble() - 0.9) / 0.3);
        }
        loss += 0.1 * sq(p.get("layers").asDouble() - 4);
        loss += 0.1 * sq(Math.log(p.get("units").asDouble()) / Math.log(2) - 8);
        String act = ((JsonString) p.get("activation")).value();
        loss += act.equals("relu") ? 0 : act.equals("tanh") ? 0.2 : 0.5;
        loss += 2 * sq(p.get("dropout").asDouble() - 0.2);
        loss += 0.5 * sq(p.get("shift").asDouble() - 0.5);
        return loss;
    }

    private static double sq(double v) {
        return v * v;
    }
}
