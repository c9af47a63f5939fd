package dev.tunerd.core.config;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.protocol.json.JsonException;
import dev.tunerd.spi.ExperimentBudget;
import dev.tunerd.spi.json.JsonNull;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.spi.text.SafeText;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Optional;

/**
 * Reads NNI's {@code --exp_params} (spec 1.2): base64 of the UTF-8 JSON experiment config, either the v2 form
 * ({@code "tuner": {"name"|"className", "codeDirectory", "classArgs"}}) or the v1 legacy form (recognised by
 * {@code trainingServicePlatform}: {@code builtinTunerName}, {@code builtinAssessorName}, {@code builtinAdvisorName},
 * {@code codeDir} + {@code className}; an {@code advisor} block becomes the tuner, in either form). Immutable.
 *
 * <p>The budget: {@code maxTrialNumber} (v2; v1 {@code maxTrialNum}) and {@code trialConcurrency}, each a positive
 * integer when present; absent or null means not known (NNI: unlimited). A value of another type or below 1 is a
 * configuration error naming the key.
 *
 * @param tuner    the tuner block
 * @param assessor the assessor block, if present
 * @param budget   the experiment's trial budget and concurrency, as far as the config gives them
 */
public record ExperimentParams(AlgorithmSpec tuner, Optional<AlgorithmSpec> assessor, ExperimentBudget budget) {

    public ExperimentParams(AlgorithmSpec tuner, Optional<AlgorithmSpec> assessor) {
        this(tuner, assessor, ExperimentBudget.UNKNOWN);
    }

    public static ExperimentParams decode(String base64) {
        String json;
        try {
            json = new String(Base64.getDecoder().decode(base64.trim()), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw new ConfigurationException("--exp_params is not base64: " + e.getMessage(), e);
        }
        JsonObject config;
        try {
            config = Json.parseObject(json, "--exp_params");
        } catch (JsonException e) {
            throw new ConfigurationException("--exp_params: " + e.getMessage(), e);
        }
        return config.has("trainingServicePlatform") ? legacy(config) : current(config);
    }

    private static ExperimentParams current(JsonObject config) {
        JsonObject tuner = block(config, "tuner");
        if (tuner == null) { // v2 configs of NNI <= 2.7 name an advisor (Hyperband, BOHB) in its own block
            tuner = block(config, "advisor");
        }
        if (tuner == null) {
            throw new ConfigurationException("--exp_params has no \"tuner\" (accepted: tuner or advisor, assessor)");
        }
        JsonObject assessor = block(config, "assessor");
        return new ExperimentParams(spec(tuner, "tuner", "name", "codeDirectory"),
            Optional.ofNullable(assessor).map(a -> spec(a, "assessor", "name", "codeDirectory")),
            budget(config, "maxTrialNumber"));
    }

    private static ExperimentParams legacy(JsonObject config) {
        JsonObject tuner = block(config, "tuner");
        String tunerKey = "builtinTunerName";
        if (tuner == null) {
            tuner = block(config, "advisor");
            tunerKey = "builtinAdvisorName";
        }
        if (tuner == null) {
            throw new ConfigurationException("--exp_params (v1 config) has no \"tuner\" or \"advisor\"");
        }
        JsonObject assessor = block(config, "assessor");
        return new ExperimentParams(spec(tuner, "tuner", tunerKey, "codeDir"),
            Optional.ofNullable(assessor).map(a -> spec(a, "assessor", "builtinAssessorName", "codeDir")),
            budget(config, "maxTrialNum"));
    }

    private static AlgorithmSpec spec(JsonObject block, String role, String nameKey, String dirKey) {
        JsonObject classArgs = block.get("classArgs") instanceof JsonObject o ? o : JsonObject.EMPTY;
        if (block.has("classArgs") && !(block.get("classArgs") instanceof JsonObject)
            && block.get("classArgs") != JsonNull.INSTANCE) {
            throw new ConfigurationException(role + ".classArgs must be a JSON object");
        }
        Optional<String> name = string(block, nameKey, role);
        Optional<String> className = string(block, "className", role);
        if (name.isPresent()) {
            return AlgorithmSpec.named(name.get(), classArgs);
        }
        if (className.isEmpty()) {
            throw new ConfigurationException(role + " needs \"" + nameKey + "\" (a builtin or plugin name) or"
                + " \"className\" with \"" + dirKey + "\"");
        }
        Path dir = string(block, dirKey, role).map(Path::of).orElseThrow(() ->
            new ConfigurationException(role + ".className " + className.get() + " needs \"" + dirKey + "\""));
        return AlgorithmSpec.custom(className.get(), dir, classArgs);
    }

    private static ExperimentBudget budget(JsonObject config, String trialsKey) {
        return ExperimentBudget.of(positiveInt(config, trialsKey), positiveInt(config, "trialConcurrency"));
    }

    private static Integer positiveInt(JsonObject config, String key) {
        JsonValue v = config.get(key);
        if (v == null || v == JsonNull.INSTANCE) {
            return null;
        }
        if (v.isNumber()) {
            double d = v.asDouble();
            if (d >= 1 && d <= Integer.MAX_VALUE && d == Math.rint(d)) {
                return (int) d;
            }
        }
        throw new ConfigurationException("--exp_params: \"" + key + "\" must be a positive integer, got "
            + SafeText.capped(Json.write(v), 80));
    }

    private static JsonObject block(JsonObject config, String key) {
        JsonValue v = config.get(key);
        if (v == null || v == JsonNull.INSTANCE) {
            return null;
        }
        if (v instanceof JsonObject o) {
            return o;
        }
        throw new ConfigurationException("--exp_params: \"" + key + "\" must be a JSON object, got " + v.typeName());
    }

    private static Optional<String> string(JsonObject block, String key, String role) {
        JsonValue v = block.get(key);
        if (v == null || v == JsonNull.INSTANCE) {
            return Optional.empty();
        }
        if (v instanceof JsonString s && !s.value().isBlank()) {
            return Optional.of(s.value());
        }
        throw new ConfigurationException(role + "." + key + " must be a non-empty string, got " + v.typeName());
    }
}
