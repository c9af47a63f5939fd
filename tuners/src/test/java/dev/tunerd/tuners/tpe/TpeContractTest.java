package dev.tunerd.tuners.tpe;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.Tuner;
import dev.tunerd.tuners.model.ModelTunerContractTest;

class TpeContractTest extends ModelTunerContractTest {
    @Override
    protected Tuner create(long seed) {
        return new TpeTuner(AlgorithmContext.standalone(), new TpeClassArgs(OptimizeMode.MINIMIZE, seed, null));
    }
}
