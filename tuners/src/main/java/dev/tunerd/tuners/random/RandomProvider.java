package dev.tunerd.tuners.random;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.TunerProvider;
import java.lang.System.Logger.Level;
import java.util.SplittableRandom;

/** Registers {@link RandomTuner} under NNI's name {@code Random}. Stateless and thread-safe. */
public final class RandomProvider implements TunerProvider<RandomArgs> {
    private static final System.Logger LOG = System.getLogger(RandomProvider.class.getName());

    @Override
    public String name() {
        return "Random";
    }

    @Override
    public String description() {
        return "random search with NNI's deduplication (classArgs: seed, optimize_mode ignored)";
    }

    @Override
    public Class<RandomArgs> argsType() {
        return RandomArgs.class;
    }

    @Override
    public Tuner create(AlgorithmContext context, RandomArgs args) {
        long seed = args.seed() != null ? args.seed() : new SplittableRandom().nextInt(Integer.MAX_VALUE);
        LOG.log(Level.INFO, "Using random seed " + seed);
        if (args.optimizeMode() != null) {
            LOG.log(Level.INFO, "Ignored optimize_mode \"" + args.optimizeMode() + "\"");
        }
        return new RandomTuner(seed);
    }
}
