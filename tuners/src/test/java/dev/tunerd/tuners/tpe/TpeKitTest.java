package dev.tunerd.tuners.tpe;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.Tuner;
import dev.tunerd.tuners.testkit.TunerContractTest;

class TpeKitTest extends TunerContractTest {
    @Override
    protected Tuner newTuner(AlgorithmContext context, long seed) {
        return new TpeTuner(context, new TpeClassArgs(null, seed, null));
    }
}
