package dev.tunerd.tuners.anneal;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.TunerProvider;

/** Registers Anneal (NNI's name, matched case-insensitively). Stateless, thread-safe. */
public final class AnnealProvider implements TunerProvider<AnnealClassArgs> {
    @Override
    public String name() {
        return "Anneal";
    }

    @Override
    public String description() {
        return "hyperopt's annealing: sample around one of the best trials, in a shrinking neighbourhood";
    }

    @Override
    public Class<AnnealClassArgs> argsType() {
        return AnnealClassArgs.class;
    }

    @Override
    public Tuner create(AlgorithmContext context, AnnealClassArgs args) {
        return new AnnealTuner(context, args);
    }
}
