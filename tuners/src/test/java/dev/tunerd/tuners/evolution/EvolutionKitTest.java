package dev.tunerd.tuners.evolution;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.Tuner;
import dev.tunerd.tuners.testkit.TunerContractTest;

class EvolutionKitTest extends TunerContractTest {
    @Override
    protected Tuner newTuner(AlgorithmContext context, long seed) {
        return new EvolutionTuner(context, new EvolutionClassArgs(null, 8, seed));
    }
}
