package dev.tunerd.simulator.problem;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;

/**
 * {@code mixed}: a conditional space shaped like a real training job, mixing every kind of NNI parameter: a nested
 * {@code choice} of optimiser whose branches carry their own {@code loguniform} learning rate and {@code uniform}
 * momentum or beta1, a {@code randint} layer count, a categorical activation and a numeric categorical batch size.
 *
 * <pre>
 * f = branch + 0.1 (layers - 4)^2 + penalty(activation) + 0.05 |log2(batch_size / 64)|
 * branch(sgd)  = 1 + (log10 lr + 1)^2 + 2 (momentum - 0.9)^2
 * branch(adam) =     (log10 lr + 3)^2 + 4 (beta1 - 0.9)^2
 * penalty: relu 0, tanh 0.3, sigmoid 0.6
 * </pre>
 * Every term is non-negative, the sgd branch is at least 1, and every term is zero at adam(lr = 1e-3,
 * beta1 = 0.9), layers = 4, relu, batch_size = 64 (all inside the space), so f* = 0 there and nowhere with sgd.
 * Immutable and thread-safe.
 */
public final class MixedSpaceProblem implements Problem {

    static final String SPACE = """
        {"optimizer": {"_type": "choice", "_value": [
            {"_name": "sgd", "lr": {"_type": "loguniform", "_value": [1e-05, 1.0]},
             "momentum": {"_type": "uniform", "_value": [0.0, 0.99]}},
            {"_name": "adam", "lr": {"_type": "loguniform", "_value": [1e-05, 1.0]},
             "beta1": {"_type": "uniform", "_value": [0.5, 0.999]}}]},
         "layers": {"_type": "randint", "_value": [1, 9]},
         "activation": {"_type": "choice", "_value": ["relu", "tanh", "sigmoid"]},
         "batch_size": {"_type": "choice", "_value": [16, 32, 64, 128, 256]}}
        """;

    private static final JsonObject SEARCH_SPACE = Json.parseObject(SPACE, "mixed search space");

    @Override
    public String name() {
        return "mixed";
    }

    @Override
    public String description() {
        return "conditional space: nested optimizer choice (loguniform lr), randint layers, categoricals; f* = 0";
    }

    @Override
    public JsonObject searchSpace() {
        return SEARCH_SPACE;
    }

    @Override
    public double optimum() {
        return 0;
    }

    @Override
    public int epochs() {
        return 1;
    }

    @Override
    public Trajectory evaluate(JsonValue parameters) {
        JsonObject p = Params.object(parameters, "mixed parameters");
        double value = branch(Params.object(Params.require(p, "optimizer"), "parameter \"optimizer\""))
            + layersTerm(Params.number(p, "layers"))
            + activationPenalty(Params.string(p, "activation"))
            + batchTerm(Params.number(p, "batch_size"));
        return Trajectory.single(value);
    }

    private static double branch(JsonObject optimizer) {
        String name = Params.string(optimizer, "_name");
        double lr = Params.number(optimizer, "lr");
        if (!(lr > 0)) {
            throw new IllegalArgumentException("parameter \"optimizer.lr\" must be positive, got " + lr);
        }
        double logLr = Math.log10(lr);
        return switch (name) {
            case "sgd" -> 1 + sq(logLr + 1) + 2 * sq(Params.number(optimizer, "momentum") - 0.9);
            case "adam" -> sq(logLr + 3) + 4 * sq(Params.number(optimizer, "beta1") - 0.9);
            default -> throw new IllegalArgumentException("parameter \"optimizer._name\" must be sgd or adam, got "
                + name);
        };
    }

    private static double layersTerm(double layers) {
        if (layers != Math.rint(layers) || layers < 1 || layers > 8) {
            throw new IllegalArgumentException("parameter \"layers\" must be an integer in [1, 8], got " + layers);
        }
        return 0.1 * sq(layers - 4);
    }

    private static double activationPenalty(String activation) {
        return switch (activation) {
            case "relu" -> 0;
            case "tanh" -> 0.3;
            case "sigmoid" -> 0.6;
            default -> throw new IllegalArgumentException(
                "parameter \"activation\" must be relu, tanh or sigmoid, got " + activation);
        };
    }

    private static double batchTerm(double batchSize) {
        if (!(batchSize > 0)) {
            throw new IllegalArgumentException("parameter \"batch_size\" must be positive, got " + batchSize);
        }
        return 0.05 * Math.abs(Math.log(batchSize / 64) / Math.log(2));
    }

    private static double sq(double v) {
        return v * v;
    }
}
