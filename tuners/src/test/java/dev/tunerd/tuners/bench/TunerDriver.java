package dev.tunerd.tuners.bench;

import dev.tunerd.spi.NoMoreTrialsException;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.space.SearchSpace;
import java.util.Optional;

/** Drives a whole {@link Tuner} (through its public API) sequentially, as the dispatcher would at concurrency 1. */
final class TunerDriver implements Driver {
    private final Tuner tuner;
    private final SearchSpace space;
    private long nextId;
    private JsonObject last;

    TunerDriver(Tuner tuner, SearchSpace space) {
        this.tuner = tuner;
        this.space = space;
        tuner.updateSearchSpace(space.raw());
    }

    @Override
    public double[] ask() {
        try {
            last = (JsonObject) tuner.generateParameters(nextId);
        } catch (NoMoreTrialsException e) {
            throw new IllegalStateException(e);
        }
        return space.deformat(last);
    }

    @Override
    public void tell(double[] internal, double loss) {
        tuner.receiveTrialResult(new TrialResult(nextId, last, JsonFloat.of(loss), false, Optional.empty()));
        tuner.trialEnd(nextId, true);
        nextId++;
    }
}
