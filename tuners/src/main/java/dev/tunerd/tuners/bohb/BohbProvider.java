package dev.tunerd.tuners.bohb;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.TunerProvider;
import java.lang.System.Logger.Level;
import java.util.SplittableRandom;

/** Registers {@link BohbTuner} under NNI's name {@code BOHB}. Stateless and thread-safe. */
public final class BohbProvider implements TunerProvider<BohbArgs> {
    private static final System.Logger LOG = System.getLogger(BohbProvider.class.getName());

    @Override
    public String name() {
        return "BOHB";
    }

    @Override
    public String description() {
        return "advisor: Hyperband brackets with configurations from a model per budget (classArgs:"
            + " optimize_mode, min_budget=1, max_budget=3, eta=3, sampler=tpe|kde, min_points_in_model, random_fraction,"
            + " exec_mode, rank_agreement, seed, rung_share=0, rung_trend=false, choice_scout=0;"
            + " kde only: top_n_percent=15, num_samples=4, bandwidth_factor=3, min_bandwidth=0.001)";
    }

    @Override
    public Class<BohbArgs> argsType() {
        return BohbArgs.class;
    }

    @Override
    public Tuner create(AlgorithmContext context, BohbArgs args) {
        long seed = args.seed() != null ? args.seed() : new SplittableRandom().nextInt(Integer.MAX_VALUE);
        LOG.log(Level.INFO, "Using random seed " + seed);
        return new BohbTuner(args, seed, context);
    }
}
