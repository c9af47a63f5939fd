package dev.tunerd.tuners.smac;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.TunerProvider;

/** Registers SMAC (NNI's name, matched case-insensitively). Stateless, thread-safe. */
public final class SmacProvider implements TunerProvider<SmacClassArgs> {
    @Override
    public String name() {
        return "SMAC";
    }

    @Override
    public String description() {
        return "SMAC: random-forest surrogate, EI, local search with random interleaving; nested choice supported";
    }

    @Override
    public Class<SmacClassArgs> argsType() {
        return SmacClassArgs.class;
    }

    @Override
    public Tuner create(AlgorithmContext context, SmacClassArgs args) {
        return new SmacTuner(context, args);
    }
}
