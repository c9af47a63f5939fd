package dev.tunerd.tuners.gp;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.TunerProvider;
import java.util.List;

/** Registers GP under NNI's name and its alias {@code GPTuner} (matched case-insensitively). Stateless, thread-safe. */
public final class GpProvider implements TunerProvider<GpClassArgs> {
    @Override
    public String name() {
        return "GP";
    }

    @Override
    public List<String> aliases() {
        return List.of("GPTuner"); // NNI 3.0's alias, the builtinName of NNI 2.x configs
    }

    @Override
    public String description() {
        return "Gaussian-process Bayesian optimisation (Matern ARD kernel, log-EI, batch-aware, string choices)";
    }

    @Override
    public Class<GpClassArgs> argsType() {
        return GpClassArgs.class;
    }

    @Override
    public Tuner create(AlgorithmContext context, GpClassArgs args) {
        return new GpTuner(context, args);
    }
}
