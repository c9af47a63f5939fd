package dev.tunerd.simulator.manager;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.json.JsonObject;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * A builtin algorithm name and its classArgs as JSON text, as the daemon takes them on its command line.
 * Immutable.
 *
 * @param name     the builtin name (e.g. {@code TPE}, {@code Medianstop})
 * @param argsJson the classArgs as a JSON object text; validated here so that a typo fails before a process starts
 */
public record AlgorithmChoice(String name, String argsJson) {

    /** Builtins whose registry forbids classArgs (NNI: acceptClassArgs false). */
    private static final Set<String> NO_ARGS = Set.of("gridsearch", "batch", "batchtuner");
    /** Builtins that take a {@code seed} (NNI's TPE and Random; tunerd adds it to Anneal, Evolution, PBT, GP, CMA-ES, SMAC,
     * Auto, Metis, DNGO). */
    private static final Set<String> SEEDED = Set.of("random", "tpe", "anneal", "evolution", "pbt", "pbttuner", "gp", "gptuner",
        "cmaes", "smac", "auto",
        "metis", "metistuner", "dngo", "dngotuner");

    public AlgorithmChoice {
        Objects.requireNonNull(name, "name");
        if (name.isBlank()) {
            throw new IllegalArgumentException("algorithm name must not be blank");
        }
        Objects.requireNonNull(argsJson, "argsJson");
        Json.parseObject(argsJson, "classArgs of " + name);
    }

    /**
     * The algorithm with the arguments a minimising experiment needs when the user gave none: every problem here is
     * minimised, and NNI's Evolution and Medianstop default to maximise. Random, TPE, Anneal and Evolution get the
     * run's seed; Batch and GridSearch take no classArgs at all.
     */
    public static AlgorithmChoice withDefaults(String name, String argsJson, long seed) {
        return withDefaults(name, argsJson, seed, OptimizeMode.MINIMIZE);
    }

    /**
     * As {@link #withDefaults(String, String, long)}, the classArgs filled in for an experiment that optimises its
     * metric in direction {@code mode} ({@code maximize}: the multi-fidelity bench's mirror, scores instead of losses).
     */
    public static AlgorithmChoice withDefaults(String name, String argsJson, long seed, OptimizeMode mode) {
        if (argsJson != null) {
            return new AlgorithmChoice(name, argsJson);
        }
        String key = name.toLowerCase(Locale.ROOT);
        if (NO_ARGS.contains(key)) {
            return new AlgorithmChoice(name, "{}");
        }
        JsonObject.Builder args = JsonObject.builder().put("optimize_mode", mode.toString());
        if (SEEDED.contains(key)) {
            args.put("seed", seed);
        }
        return new AlgorithmChoice(name, Json.write(args.build()));
    }

    /** True when the daemon should be given {@code --*-args} at all. */
    boolean hasArgs() {
        return !argsJson.isBlank() && !Json.parseObject(argsJson, "classArgs").members().isEmpty();
    }
}
