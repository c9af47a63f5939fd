package dev.tunerd.tuners.smac;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.Tuner;
import dev.tunerd.tuners.testkit.TunerContractTest;

class SmacKitTest extends TunerContractTest {
    @Override
    protected Tuner newTuner(AlgorithmContext context, long seed) {
        return new SmacTuner(context, new SmacClassArgs(null, null, seed));
    }
}
