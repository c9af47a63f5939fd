package dev.tunerd.examples;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.TunerProvider;
import java.util.List;

/**
 * The factory tunerd finds through {@code META-INF/services/dev.tunerd.spi.TunerProvider}. Stateless; thread-safe.
 */
public final class ChoiceCycleProvider implements TunerProvider<ChoiceCycleArgs> {

    @Override
    public String name() {
        return "ChoiceCycle";
    }

    @Override
    public List<String> aliases() {
        return List.of("ChoiceCycleTuner");
    }

    @Override
    public String description() {
        return "Example plugin: every combination of the choice parameters, in grid or seeded shuffled order";
    }

    @Override
    public Class<ChoiceCycleArgs> argsType() {
        return ChoiceCycleArgs.class;
    }

    @Override
    public Tuner create(AlgorithmContext context, ChoiceCycleArgs args) {
        return new ChoiceCycleTuner(args);
    }
}
