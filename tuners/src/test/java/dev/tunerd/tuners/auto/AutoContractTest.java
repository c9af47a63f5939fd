package dev.tunerd.tuners.auto;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.Tuner;
import dev.tunerd.tuners.model.ModelTunerContractTest;

/** Auto on the model tuners' contract (its space is small and nested, so it delegates to GP). */
class AutoContractTest extends ModelTunerContractTest {
    @Override
    protected Tuner create(long seed) {
        return new AutoTuner(AlgorithmContext.standalone(), new AutoClassArgs(OptimizeMode.MINIMIZE, seed));
    }
}
