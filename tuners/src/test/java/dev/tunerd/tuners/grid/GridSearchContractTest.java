package dev.tunerd.tuners.grid;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.Tuner;
import dev.tunerd.tuners.testkit.TunerContractTest;

class GridSearchContractTest extends TunerContractTest {
    @Override
    protected Tuner newTuner(AlgorithmContext context, long seed) {
        return new GridSearchTuner();
    }

    @Override
    protected boolean deterministic() {
        return true;
    }
}
