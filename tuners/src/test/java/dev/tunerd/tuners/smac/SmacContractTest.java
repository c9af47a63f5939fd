package dev.tunerd.tuners.smac;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.Tuner;
import dev.tunerd.tuners.model.ModelTunerContractTest;

class SmacContractTest extends ModelTunerContractTest {
    @Override
    protected Tuner create(long seed) {
        return new SmacTuner(AlgorithmContext.standalone(), new SmacClassArgs(OptimizeMode.MINIMIZE, null, seed));
    }
}
