package dev.tunerd.tuners.tpe;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.tuners.tpe.kernel.ModelProbe;
import dev.tunerd.tuners.tpe.kernel.TpeSampler;
import dev.tunerd.tuners.tpe.kernel.TpeSettings;
import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.model.UnitSpace;
import dev.tunerd.tuners.model.HistoryTuner;
import dev.tunerd.tuners.model.InternalSampler;

/**
 * NNI's TPE tuner with tunerd's estimator ({@link TpeSampler}): group-decomposed multivariate Parzen estimators,
 * ordinal randint and q types, constant liar for trials in flight, NNI's dedup for finite spaces. Not thread-safe
 * (the dispatcher serialises calls).
 */
public final class TpeTuner extends HistoryTuner {
    private final TpeClassArgs args;

    public TpeTuner(AlgorithmContext context, TpeClassArgs args) {
        super(args.optimizeMode(), args.seed(), context);
        this.args = args;
    }

    @Override
    protected InternalSampler newSampler(SearchSpace space, Rng rng) {
        TpeSettings settings = args.tpeArgs().settings();
        return new TpeSampler(new UnitSpace(space.parameters()),
            args.modelProbe() ? settings : settings.withProbe(ModelProbe.NONE), rng);
    }

    @Override
    protected String algorithm() {
        return "TPE";
    }
}
