package dev.tunerd.tuners.evolution;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.TunerProvider;

/** Registers Evolution (NNI's name, matched case-insensitively). Stateless, thread-safe. */
public final class EvolutionProvider implements TunerProvider<EvolutionClassArgs> {
    @Override
    public String name() {
        return "Evolution";
    }

    @Override
    public String description() {
        return "naive evolution: tournament of two, mutate one parameter; defers requests while the population is busy";
    }

    @Override
    public Class<EvolutionClassArgs> argsType() {
        return EvolutionClassArgs.class;
    }

    @Override
    public Tuner create(AlgorithmContext context, EvolutionClassArgs args) {
        return new EvolutionTuner(context, args);
    }
}
