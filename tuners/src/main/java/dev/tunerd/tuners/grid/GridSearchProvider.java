package dev.tunerd.tuners.grid;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.TunerProvider;

/** Registers {@link GridSearchTuner} under NNI's name {@code GridSearch}. Stateless and thread-safe. */
public final class GridSearchProvider implements TunerProvider<GridSearchArgs> {

    @Override
    public String name() {
        return "GridSearch";
    }

    @Override
    public String description() {
        return "NNI's grid search: every choice combination, continuous dimensions subdivided epoch by epoch";
    }

    @Override
    public Class<GridSearchArgs> argsType() {
        return GridSearchArgs.class;
    }

    @Override
    public Tuner create(AlgorithmContext context, GridSearchArgs args) {
        if (args.optimizeMode() != null) {
            System.getLogger(GridSearchProvider.class.getName()).log(System.Logger.Level.INFO,
                "Ignored optimize_mode \"" + args.optimizeMode() + "\"");
        }
        return new GridSearchTuner();
    }
}
