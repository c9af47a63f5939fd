package dev.tunerd.tuners.asha;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.TunerProvider;
import java.lang.System.Logger.Level;
import java.util.SplittableRandom;

/** Registers {@link AshaTuner} as {@code ASHA}. Stateless and thread-safe. */
public final class AshaProvider implements TunerProvider<AshaArgs> {
    private static final System.Logger LOG = System.getLogger(AshaProvider.class.getName());

    @Override
    public String name() {
        return "ASHA";
    }

    @Override
    public String description() {
        return "advisor: asynchronous successive halving, no worker waits for a rung (classArgs: min_budget=1,"
            + " max_budget=81, eta=3, optimize_mode, sampler=random|tpe, rank_agreement=0.7, seed,"
            + " rung_share=0, rung_trend=false, choice_scout=0)";
    }

    @Override
    public Class<AshaArgs> argsType() {
        return AshaArgs.class;
    }

    @Override
    public Tuner create(AlgorithmContext context, AshaArgs args) {
        long seed = args.seed() != null ? args.seed() : new SplittableRandom().nextInt(Integer.MAX_VALUE);
        LOG.log(Level.INFO, "Using random seed " + seed);
        return new AshaTuner(args, seed);
    }
}
