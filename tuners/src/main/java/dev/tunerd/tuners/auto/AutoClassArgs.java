package dev.tunerd.tuners.auto;

import dev.tunerd.spi.OptimizeMode;
import java.util.List;
import java.util.Locale;

/**
 * classArgs of Auto. Immutable and thread-safe.
 *
 * @param optimizeMode {@code minimize} (default, as TPE) or {@code maximize}; passed to the tuner it picks
 * @param algorithm    absent (default): pick by the rules of {@link AutoPolicy}; or one of {@link #ALGORITHMS} to
 *                     force that choice (case-insensitive)
 * @param seed         random seed (a tunerd addition), passed to the tuner it picks; absent: derived from the clock
 */
public record AutoClassArgs(OptimizeMode optimizeMode, String algorithm, Long seed) {
    /** The tuners Auto picks from, by their registered names. */
    public static final List<String> ALGORITHMS = List.of("GP", "Metis", "TPE", "CMAES", "SMAC", "Anneal", "Random");

    public AutoClassArgs {
        optimizeMode = optimizeMode == null ? OptimizeMode.MINIMIZE : optimizeMode;
        if (algorithm != null) {
            String given = algorithm;
            algorithm = ALGORITHMS.stream().filter(a -> a.equalsIgnoreCase(given.trim())).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("algorithm must be one of "
                    + String.join(", ", ALGORITHMS) + " (or absent, to pick automatically), not \""
                    + given.toLowerCase(Locale.ROOT).substring(0, Math.min(40, given.length())) + "\""));
        }
    }

    /** optimize_mode and seed, picking automatically. */
    public AutoClassArgs(OptimizeMode optimizeMode, Long seed) {
        this(optimizeMode, null, seed);
    }
}
