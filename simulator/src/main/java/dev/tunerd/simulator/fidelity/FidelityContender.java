package dev.tunerd.simulator.fidelity;

import dev.tunerd.simulator.manager.AlgorithmChoice;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * A way to spend epochs that the multi-fidelity benchmark compares: a tuner (an advisor, or a tuner with full
 * trainings) and an optional assessor, their classArgs derived from the problem's horizon and the run's seed.
 * Immutable.
 *
 * @param label    the name in the tables
 * @param tuner    tuner name
 * @param assessor assessor name, or null
 */
public record FidelityContender(String label, String tuner, String assessor) {

    /** The contenders by label, as {@code --algorithms} names them. */
    public static final List<FidelityContender> ALL = List.of(
        new FidelityContender("Random", "Random", null),
        new FidelityContender("TPE+Medianstop", "TPE", "Medianstop"),
        new FidelityContender("TPE+SuccessiveHalving", "TPE", "SuccessiveHalving"),
        new FidelityContender("Hyperband", "Hyperband", null),
        new FidelityContender("Hyperband-serial", "Hyperband", null),
        new FidelityContender("BOHB", "BOHB", null),
        new FidelityContender("ASHA", "ASHA", null),
        new FidelityContender("ASHA-tpe", "ASHA", null),
        new FidelityContender("ASHA-tpe-1", "ASHA", null),
        new FidelityContender("TPE+SH-1", "TPE", "SuccessiveHalving"));

    public static FidelityContender named(String label) {
        return ALL.stream().filter(c -> c.label.equalsIgnoreCase(label)).findFirst().orElseThrow(() ->
            new IllegalArgumentException("unknown algorithm \"" + label + "\"; known: "
                + String.join(", ", ALL.stream().map(FidelityContender::label).toList())));
    }

    AlgorithmChoice tunerChoice(int epochs, long seed) {
        String key = label.toLowerCase(Locale.ROOT);
        String args = switch (key) {
            case "hyperband" -> "{\"optimize_mode\": \"minimize\", \"R\": " + epochs + ", \"eta\": 3, \"seed\": " + seed + "}";
            case "hyperband-serial" -> "{\"optimize_mode\": \"minimize\", \"R\": " + epochs
                + ", \"eta\": 3, \"exec_mode\": \"serial\", \"seed\": " + seed + "}";
            case "bohb" -> "{\"optimize_mode\": \"minimize\", \"min_budget\": 1, \"max_budget\": " + epochs
                + ", \"eta\": 3, \"seed\": " + seed + "}";
            case "asha" -> "{\"optimize_mode\": \"minimize\", \"min_budget\": 1, \"max_budget\": " + epochs
                + ", \"eta\": 3, \"seed\": " + seed + "}";
            case "asha-tpe" -> "{\"optimize_mode\": \"minimize\", \"min_budget\": " + Math.max(1, epochs / 9)
                + ", \"max_budget\": " + epochs + ", \"eta\": 3, \"sampler\": \"tpe\", \"seed\": " + seed + "}";
            case "asha-tpe-1" -> "{\"optimize_mode\": \"minimize\", \"min_budget\": 1, \"max_budget\": " + epochs
                + ", \"eta\": 3, \"sampler\": \"tpe\", \"seed\": " + seed + "}";
            default -> null;
        };
        return AlgorithmChoice.withDefaults(tuner, args, seed);
    }

    AlgorithmChoice assessorChoice() {
        if (assessor == null) {
            return null;
        }
        return assessor.equals("Medianstop")
            ? new AlgorithmChoice("Medianstop", "{\"optimize_mode\": \"minimize\", \"start_step\": 5}")
            : new AlgorithmChoice("SuccessiveHalving", "{\"optimize_mode\": \"minimize\", \"min_step\": "
                + (label.endsWith("-1") ? 1 : 5) + ", \"eta\": 3}");
    }

    /** Serial Hyperband sends owed trials from trial ends; the manager gives those a moment to arrive. */
    Duration settle() {
        return label.equalsIgnoreCase("Hyperband-serial") ? Duration.ofMillis(3) : Duration.ZERO;
    }
}
