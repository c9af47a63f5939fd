package dev.tunerd.tuners.metis;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.space.ParameterType;
import dev.tunerd.tuners.testkit.TunerContractTest;
import java.util.Set;

class MetisKitTest extends TunerContractTest {
    @Override
    protected Tuner newTuner(AlgorithmContext context, long seed) {
        return new MetisTuner(context, new MetisClassArgs(null, seed));
    }

    @Override
    protected Set<ParameterType> supportedTypes() {
        return MetisTuner.TYPES;
    }

    @Override
    protected boolean numericChoiceOnly() {
        return true;
    }
}
