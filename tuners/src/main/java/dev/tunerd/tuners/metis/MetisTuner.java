package dev.tunerd.tuners.metis;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.space.ParameterType;
import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.model.HistoryTuner;
import dev.tunerd.tuners.model.InternalSampler;
import dev.tunerd.tuners.model.NumericCube;
import java.util.EnumSet;
import java.util.Set;

/**
 * NNI's Metis tuner, written anew ({@link MetisSampler}) with the shared bookkeeping of {@link HistoryTuner}. The types
 * are NNI's: numeric choice, randint, uniform, quniform; anything else is refused naming the type and Metis. The model
 * is rebuilt from the history on each suggestion, so a snapshot (history and generator) restores it exactly. Not
 * thread-safe (the dispatcher serialises calls).
 */
public final class MetisTuner extends HistoryTuner {
    static final Set<ParameterType> TYPES = Set.copyOf(EnumSet.of(ParameterType.CHOICE, ParameterType.RANDINT,
        ParameterType.UNIFORM, ParameterType.QUNIFORM));
    private final MetisClassArgs args;
    private final MetisSettings settings;

    public MetisTuner(AlgorithmContext context, MetisClassArgs args) {
        this(context, args, args.settings());
    }

    /** With internal settings other than the classArgs' (benchmark tuning runs), which then count instead. */
    public MetisTuner(AlgorithmContext context, MetisClassArgs args, MetisSettings settings) {
        super(args.optimizeMode(), args.seed(), context);
        this.args = args;
        this.settings = settings;
    }

    @Override
    protected InternalSampler newSampler(SearchSpace space, Rng rng) {
        return new MetisSampler(new NumericCube(space), args, settings, rng);
    }

    @Override
    protected String algorithm() {
        return "Metis";
    }

    @Override
    public void updateSearchSpace(JsonObject searchSpace) {
        NumericCube.parse(searchSpace, TYPES, "Metis");
        super.updateSearchSpace(searchSpace);
    }
}
