package dev.tunerd.tuners.metis;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.TunerProvider;
import java.util.List;

/** Registers Metis under NNI's name and its alias {@code MetisTuner} (matched case-insensitively). Stateless. */
public final class MetisProvider implements TunerProvider<MetisClassArgs> {
    @Override
    public String name() {
        return "Metis";
    }

    @Override
    public List<String> aliases() {
        return List.of("MetisTuner"); // NNI 3.0's alias, the builtinName of NNI 2.x configs
    }

    @Override
    public String description() {
        return "Metis: GP optimum plus exploration, GMM and re-sampling candidates chosen by information gain";
    }

    @Override
    public Class<MetisClassArgs> argsType() {
        return MetisClassArgs.class;
    }

    @Override
    public Tuner create(AlgorithmContext context, MetisClassArgs args) {
        return new MetisTuner(context, args);
    }
}
