package dev.tunerd.tuners.anneal;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.Tuner;
import dev.tunerd.tuners.model.ModelTunerContractTest;

class AnnealContractTest extends ModelTunerContractTest {
    @Override
    protected Tuner create(long seed) {
        return new AnnealTuner(AlgorithmContext.standalone(), new AnnealClassArgs(OptimizeMode.MINIMIZE, seed));
    }
}
