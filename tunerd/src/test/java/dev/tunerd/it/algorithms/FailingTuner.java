package dev.tunerd.it.algorithms;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.InvalidSearchSpaceException;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.util.List;

/**
 * Fails on purpose: {@code generateParameters} throws; a search space with a key {@code "invalid"} is rejected;
 * classArgs {@code {"sleep_ms": n}} makes every generate sleep first (for shutdown tests).
 */
public final class FailingTuner implements Tuner {
    private final long sleepMillis;

    public FailingTuner(AlgorithmContext context, JsonObject classArgs) {
        JsonValue sleep = classArgs.get("sleep_ms");
        this.sleepMillis = sleep == null ? 0 : (long) sleep.asDouble();
    }

    @Override
    public void updateSearchSpace(JsonObject searchSpace) {
        if (searchSpace.has("invalid")) {
            throw new InvalidSearchSpaceException(List.of("invalid: _type is missing", "second problem"));
        }
    }

    @Override
    public JsonValue generateParameters(long parameterId) {
        if (sleepMillis > 0) {
            try {
                Thread.sleep(sleepMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return JsonObject.builder().put("slept", sleepMillis).build();
        }
        throw new IllegalStateException("tuner exploded on purpose for id " + parameterId);
    }

    @Override
    public void receiveTrialResult(TrialResult result) {
    }
}
