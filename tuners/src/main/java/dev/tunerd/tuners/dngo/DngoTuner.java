package dev.tunerd.tuners.dngo;

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
 * NNI's DNGO tuner (Snoek et al. 2015), written anew in plain Java ({@link DngoSampler}: no torch, no pybnn) with the
 * shared bookkeeping of {@link HistoryTuner}. The types are NNI's: numeric choice, randint, uniform, quniform,
 * loguniform, qloguniform; anything else is refused naming the type and DNGO. Not thread-safe (the dispatcher
 * serialises calls).
 */
public final class DngoTuner extends HistoryTuner {
    static final Set<ParameterType> TYPES = Set.copyOf(EnumSet.of(ParameterType.CHOICE, ParameterType.RANDINT,
        ParameterType.UNIFORM, ParameterType.QUNIFORM, ParameterType.LOGUNIFORM, ParameterType.QLOGUNIFORM));
    private final DngoClassArgs args;

    public DngoTuner(AlgorithmContext context, DngoClassArgs args) {
        super(args.optimizeMode(), args.seed(), context);
        this.args = args;
    }

    @Override
    protected InternalSampler newSampler(SearchSpace space, Rng rng) {
        return new DngoSampler(new NumericCube(space), args, rng);
    }

    @Override
    protected String algorithm() {
        return "DNGO";
    }

    @Override
    public void updateSearchSpace(JsonObject searchSpace) {
        NumericCube.parse(searchSpace, TYPES, "DNGO");
        super.updateSearchSpace(searchSpace);
    }
}
