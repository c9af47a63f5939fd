package dev.tunerd.tuners.tpe;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.TunerProvider;

/** Registers TPE (NNI's name; matched case-insensitively, so {@code tpe} works too). Stateless, thread-safe. */
public final class TpeProvider implements TunerProvider<TpeClassArgs> {
    @Override
    public String name() {
        return "TPE";
    }

    @Override
    public String description() {
        return "Tree-structured Parzen estimator (multivariate, conditional spaces, constant liar)";
    }

    @Override
    public Class<TpeClassArgs> argsType() {
        return TpeClassArgs.class;
    }

    @Override
    public Tuner create(AlgorithmContext context, TpeClassArgs args) {
        return new TpeTuner(context, args);
    }
}
