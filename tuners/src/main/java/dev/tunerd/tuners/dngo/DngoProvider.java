package dev.tunerd.tuners.dngo;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.TunerProvider;
import java.util.List;

/** Registers DNGO under NNI's name and its alias {@code DNGOTuner} (matched case-insensitively). Stateless. */
public final class DngoProvider implements TunerProvider<DngoClassArgs> {
    @Override
    public String name() {
        return "DNGO";
    }

    @Override
    public List<String> aliases() {
        return List.of("DNGOTuner"); // NNI 3.0's alias, the builtinName of NNI 2.x configs
    }

    @Override
    public String description() {
        return "DNGO: Bayesian linear regression on a small neural network's features, expected improvement";
    }

    @Override
    public Class<DngoClassArgs> argsType() {
        return DngoClassArgs.class;
    }

    @Override
    public Tuner create(AlgorithmContext context, DngoClassArgs args) {
        return new DngoTuner(context, args);
    }
}
