package dev.tunerd.tuners.smac;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.Tuner;
import dev.tunerd.tuners.testkit.TunerContractTest;

/** The contract kit (snapshots and resume among it) with the log-scaled costs and random splits on. */
class SmacSurrogateKitTest extends TunerContractTest {
    @Override
    protected Tuner newTuner(AlgorithmContext context, long seed) {
        return new SmacTuner(context, new SmacClassArgs(null, null, seed), SmacSettings.DEFAULT.withSurrogate(5, true));
    }
}
