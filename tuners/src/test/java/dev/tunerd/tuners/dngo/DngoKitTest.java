package dev.tunerd.tuners.dngo;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.space.ParameterType;
import dev.tunerd.tuners.testkit.TunerContractTest;
import java.util.Set;

class DngoKitTest extends TunerContractTest {
    @Override
    protected Tuner newTuner(AlgorithmContext context, long seed) {
        // short trainings keep the kit fast; the model is used from the tenth result on
        return new DngoTuner(context, new DngoClassArgs(null, 200, 10, 30, seed));
    }

    @Override
    protected Set<ParameterType> supportedTypes() {
        return DngoTuner.TYPES;
    }

    @Override
    protected boolean numericChoiceOnly() {
        return true;
    }
}
