package dev.tunerd.tuners.cmaes;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.Tuner;
import dev.tunerd.tuners.model.ModelTunerContractTest;

class CmaesContractTest extends ModelTunerContractTest {
    @Override
    protected Tuner create(long seed) {
        return new CmaesTuner(AlgorithmContext.standalone(), new CmaesClassArgs(OptimizeMode.MINIMIZE, seed));
    }
}
