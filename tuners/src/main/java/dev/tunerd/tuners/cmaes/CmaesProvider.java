package dev.tunerd.tuners.cmaes;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.TunerProvider;
import java.util.List;

/** Registers CMA-ES as {@code CMAES} (alias {@code CmaEs}; names match case-insensitively). Stateless, thread-safe. */
public final class CmaesProvider implements TunerProvider<CmaesClassArgs> {
    @Override
    public String name() {
        return "CMAES";
    }

    @Override
    public List<String> aliases() {
        return List.of("CmaEs");
    }

    @Override
    public String description() {
        return "CMA-ES with IPOP restarts on numeric parameters; choices drawn independently (as Optuna's)";
    }

    @Override
    public Class<CmaesClassArgs> argsType() {
        return CmaesClassArgs.class;
    }

    @Override
    public Tuner create(AlgorithmContext context, CmaesClassArgs args) {
        return new CmaesTuner(context, args);
    }
}
