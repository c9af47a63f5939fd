package dev.tunerd.tuners.gp;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.Tuner;
import dev.tunerd.tuners.model.ModelTunerContractTest;

class GpContractTest extends ModelTunerContractTest {
    @Override
    protected Tuner create(long seed) {
        return new GpTuner(AlgorithmContext.standalone(), new GpClassArgs(OptimizeMode.MINIMIZE, seed));
    }
}
