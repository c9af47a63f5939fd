package dev.tunerd.tuners.cmaes;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.InvalidSearchSpaceException;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.model.HistoryTuner;
import dev.tunerd.tuners.model.InternalSampler;

/**
 * CMA-ES with IPOP restarts ({@link CmaesSampler}) and the shared bookkeeping of {@link HistoryTuner} (import, dedup
 * of finite spaces, tolerant result handling, snapshots: the distribution is rebuilt by replaying the history). Not
 * thread-safe (the dispatcher serialises calls).
 */
public final class CmaesTuner extends HistoryTuner {
    private final CmaesClassArgs args;

    public CmaesTuner(AlgorithmContext context, CmaesClassArgs args) {
        super(args.optimizeMode(), args.seed(), context);
        this.args = args;
    }

    @Override
    protected InternalSampler newSampler(SearchSpace space, Rng rng) {
        return new CmaesSampler(space, args, rng);
    }

    @Override
    protected String algorithm() {
        return "CMAES";
    }

    @Override
    public void updateSearchSpace(JsonObject searchSpace) {
        try {
            super.updateSearchSpace(searchSpace);
        } catch (InvalidSearchSpaceException e) {
            throw new InvalidSearchSpaceException(e.problems().stream().map(p -> "CMAES: " + p).toList());
        }
    }
}
