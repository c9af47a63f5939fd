package dev.tunerd.tuners.common;

import dev.tunerd.spi.space.ParameterSpec;
import dev.tunerd.spi.space.SearchSpace;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * NNI's {@code random_tuner.suggest}: one independent draw per active parameter, in internal space (an index for
 * choice/randint, uniform in {@code [low, high]} for the uniform family, log space for log types, Gaussian for the
 * normal family); inactive nested parameters stay NaN. Used by Random, and by any tuner that needs random points
 * (start-up phases, random individuals). Stateless and thread-safe; the generator is the caller's.
 */
public final class RandomSampler {

    private RandomSampler() {
    }

    /** A fresh internal vector for {@code space}. */
    public static double[] sample(SearchSpace space, RandomGenerator rng) {
        double[] internal = space.newInternal();
        List<ParameterSpec> specs = space.parameters();
        for (int i = 0; i < specs.size(); i++) {
            if (space.isActive(i, internal)) {
                internal[i] = draw(specs.get(i), rng);
            }
        }
        return internal;
    }

    /** One draw for one parameter, in internal space. */
    public static double draw(ParameterSpec spec, RandomGenerator rng) {
        if (spec.categorical()) {
            return rng.nextInt(spec.size());
        }
        if (spec.normal()) {
            return spec.mu() + spec.sigma() * rng.nextGaussian();
        }
        return spec.low() + (spec.high() - spec.low()) * rng.nextDouble();
    }
}
