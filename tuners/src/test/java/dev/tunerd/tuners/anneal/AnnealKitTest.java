package dev.tunerd.tuners.anneal;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.Tuner;
import dev.tunerd.tuners.testkit.TunerContractTest;

class AnnealKitTest extends TunerContractTest {
    @Override
    protected Tuner newTuner(AlgorithmContext context, long seed) {
        return new AnnealTuner(context, new AnnealClassArgs(null, seed));
    }
}
