package dev.tunerd.tuners.anneal;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.model.HistoryTuner;
import dev.tunerd.tuners.model.InternalSampler;

/**
 * NNI's Anneal tuner: hyperopt's annealing search ({@link AnnealSampler}, with tunerd's
 * {@link AnnealAdditions#DEFAULT}: exploratory suggestions, a scout chain, a spread-limited window) and the shared bookkeeping of
 * {@link HistoryTuner} (import, dedup of finite spaces, tolerant result handling, snapshots). Not thread-safe (the
 * dispatcher serialises calls).
 */
public final class AnnealTuner extends HistoryTuner {

    private final AnnealSampler.Liar liar;

    public AnnealTuner(AlgorithmContext context, AnnealClassArgs args) {
        super(args.optimizeMode(), args.seed(), context);
        this.liar = args.liar();
    }

    @Override
    protected InternalSampler newSampler(SearchSpace space, Rng rng) {
        return new AnnealSampler(space, rng, liar, AnnealAdditions.DEFAULT);
    }

    @Override
    protected String algorithm() {
        return "Anneal";
    }
}
