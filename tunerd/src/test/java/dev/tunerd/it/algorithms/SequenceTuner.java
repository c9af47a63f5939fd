package dev.tunerd.it.algorithms;

import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;

/** Hands out {@code {"x": id}} forever and ignores results: cheap parameters for stress and replay tests. */
public final class SequenceTuner implements Tuner {
    @Override
    public void updateSearchSpace(JsonObject searchSpace) {
    }

    @Override
    public JsonValue generateParameters(long parameterId) {
        return JsonObject.builder().put("x", parameterId).build();
    }

    @Override
    public void receiveTrialResult(TrialResult result) {
    }
}
