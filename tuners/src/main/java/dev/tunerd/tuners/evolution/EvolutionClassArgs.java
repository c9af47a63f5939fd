package dev.tunerd.tuners.evolution;

import dev.tunerd.spi.OptimizeMode;

/**
 * classArgs of Evolution, as NNI's {@code EvolutionTuner}. Immutable and thread-safe.
 *
 * @param optimizeMode   {@code maximize} (default, as NNI) or {@code minimize}
 * @param populationSize individuals in the population and the most trials in flight (default 32, 1..99999)
 * @param seed           random seed (a tunerd addition); absent: derived from the clock
 */
public record EvolutionClassArgs(OptimizeMode optimizeMode, Integer populationSize, Long seed) {
    public EvolutionClassArgs {
        optimizeMode = optimizeMode == null ? OptimizeMode.MAXIMIZE : optimizeMode;
        populationSize = populationSize == null ? 32 : populationSize;
        if (populationSize < 1 || populationSize > 99999) {
            throw new IllegalArgumentException("population_size must be in 1..99999: " + populationSize);
        }
    }
}
