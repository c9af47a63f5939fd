package dev.tunerd.tuners.smac;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.InvalidSearchSpaceException;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.model.HistoryTuner;
import dev.tunerd.tuners.model.InternalSampler;

/**
 * NNI's SMAC tuner, written anew ({@link SmacSampler}: random forest, EI, local search, random interleaving) with
 * the shared bookkeeping of {@link HistoryTuner}. Every type including nested choice (NNI's SMAC: no nested choice,
 * and its SMAC3 dependency no longer installs). The forest is refitted from the history on each suggestion, so a
 * snapshot (history and generator) restores it exactly. Not thread-safe (the dispatcher serialises calls).
 */
public final class SmacTuner extends HistoryTuner {

    private final SmacSettings settings;

    public SmacTuner(AlgorithmContext context, SmacClassArgs args) {
        this(context, args, SmacSettings.DEFAULT);
    }

    /** With other internal settings than the defaults (the benchmark's tuning runs). */
    public SmacTuner(AlgorithmContext context, SmacClassArgs args, SmacSettings settings) {
        super(args.optimizeMode(), args.seed(), context);
        this.settings = settings;
    }

    @Override
    protected InternalSampler newSampler(SearchSpace space, Rng rng) {
        return new SmacSampler(space, rng, settings);
    }

    @Override
    protected String algorithm() {
        return "SMAC";
    }

    @Override
    public void updateSearchSpace(JsonObject searchSpace) {
        try {
            super.updateSearchSpace(searchSpace);
        } catch (InvalidSearchSpaceException e) {
            throw new InvalidSearchSpaceException(e.problems().stream().map(p -> "SMAC: " + p).toList());
        }
    }
}
