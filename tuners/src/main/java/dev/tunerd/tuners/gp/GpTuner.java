package dev.tunerd.tuners.gp;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.InvalidSearchSpaceException;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.model.HistoryTuner;
import dev.tunerd.tuners.model.InternalSampler;

/**
 * NNI's GP tuner: Gaussian-process Bayesian optimisation ({@link GpSampler}) with the shared bookkeeping of
 * {@link HistoryTuner} (import, dedup of finite spaces, tolerant result handling, snapshots). Accepts every search
 * space type (NNI's GP: numeric choice, randint and the uniform family only). The snapshot adds the fitted
 * hyper-parameters. Not thread-safe (the dispatcher serialises calls).
 */
public final class GpTuner extends HistoryTuner {
    private final GpClassArgs args;
    private GpSampler current;
    private JsonValue pendingFit;

    public GpTuner(AlgorithmContext context, GpClassArgs args) {
        super(args.optimizeMode(), args.seed(), context);
        this.args = args;
    }

    @Override
    protected InternalSampler newSampler(SearchSpace space, Rng rng) {
        current = new GpSampler(space, args, rng);
        if (pendingFit != null) {
            current.hyperFit().restore(pendingFit);
            pendingFit = null;
        }
        return current;
    }

    @Override
    protected String algorithm() {
        return "GP";
    }

    @Override
    public void updateSearchSpace(JsonObject searchSpace) {
        try {
            super.updateSearchSpace(searchSpace);
        } catch (InvalidSearchSpaceException e) {
            throw new InvalidSearchSpaceException(e.problems().stream().map(p -> "GP: " + p).toList());
        }
    }

    @Override
    public JsonValue snapshot() {
        JsonObject base = (JsonObject) super.snapshot();
        JsonObject.Builder b = JsonObject.builder();
        base.members().forEach(b::put);
        return b.put("gp", current == null ? dev.tunerd.spi.json.JsonNull.INSTANCE : current.hyperFit().snapshot())
            .build();
    }

    @Override
    public void restore(JsonValue state) {
        pendingFit = state instanceof JsonObject s ? s.find("gp").orElse(null) : null;
        super.restore(state);
    }
}
