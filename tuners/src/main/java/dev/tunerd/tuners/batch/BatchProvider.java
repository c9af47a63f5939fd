package dev.tunerd.tuners.batch;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.NoArgs;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.TunerProvider;
import java.util.List;

/** Registers {@link BatchTuner} under NNI's names {@code Batch} and {@code BatchTuner}; no classArgs. Thread-safe. */
public final class BatchProvider implements TunerProvider<NoArgs> {

    @Override
    public String name() {
        return "Batch";
    }

    @Override
    public List<String> aliases() {
        return List.of("BatchTuner");
    }

    @Override
    public String description() {
        return "runs the parameter sets listed in the single choice of the search space, in order";
    }

    @Override
    public Class<NoArgs> argsType() {
        return NoArgs.class;
    }

    @Override
    public Tuner create(AlgorithmContext context, NoArgs args) {
        return new BatchTuner();
    }
}
