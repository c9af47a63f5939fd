package dev.tunerd.tuners.cmaes;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.Tuner;
import dev.tunerd.tuners.testkit.TunerContractTest;

class CmaesKitTest extends TunerContractTest {
    @Override
    protected Tuner newTuner(AlgorithmContext context, long seed) {
        return new CmaesTuner(context, new CmaesClassArgs(null, seed));
    }
}
