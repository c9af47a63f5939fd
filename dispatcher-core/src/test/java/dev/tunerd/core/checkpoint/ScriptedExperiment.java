package dev.tunerd.core.checkpoint;

import dev.tunerd.core.dispatch.DispatchObserver;
import dev.tunerd.spi.ImportedTrial;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import dev.tunerd.spi.json.JsonValue;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;

/** A deterministic stream of observer calls, as a small experiment would produce them. */
final class ScriptedExperiment {
    static final Instant T0 = Instant.parse("2026-11-21T10:00:00Z");
    static final ExperimentInfo INFO = new ExperimentInfo(Optional.of("TPE"), Optional.of(OptimizeMode.MAXIMIZE));

    private ScriptedExperiment() {
    }

    static CheckpointSettings settings(Path dir, CheckpointMode mode) {
        return new CheckpointSettings(dir, mode, INFO, CheckpointSettings.DEFAULT_ROLLOVER_BYTES,
            CheckpointSettings.DEFAULT_MAX_UNFORCED_MILLIS,
            ChannelOpener.DEFAULT, Clock.fixed(T0, ZoneOffset.UTC));
    }

    static JsonObject space() {
        return JsonObject.builder().put("lr", JsonObject.builder().put("_type", "loguniform")
            .put("_value", Jsonish.list(1e-4, 0.1)).build()).build();
    }

    static JsonObject params(long id) {
        return JsonObject.builder().put("lr", 0.001 * (id + 1)).put("layers", JsonInt.of(id % 3))
            .put("name", JsonString.of("trial \u00e9 " + id)).build();
    }

    static JsonValue value(long id) {
        return id == 3 ? JsonFloat.of(Double.NaN)
            : JsonObject.builder().put("default", 0.5 + id / 100.0).put("loss", 1.0 / (id + 1)).build();
    }

    /** Issues {@code trials} parameter sets with results and ends; every third trial also gets a tuner snapshot. */
    static void run(DispatchObserver o, CheckpointRecorder r, int firstId, int trials) {
        if (firstId == 0) {
            o.searchSpaceUpdated(space());
            o.dataImported(List.of(new ImportedTrial(params(100), JsonFloat.of(0.25), Optional.empty())));
        }
        for (int id = firstId; id < firstId + trials; id++) {
            o.idsReserved(id + 1);
            o.parametersIssued(id, params(id));
            o.finalResultReceived(id, "T" + id, value(id));
            o.trialEnded("T" + id, (long) id, id % 4 == 1 ? "FAILED" : "SUCCEEDED");
            if (id % 3 == 2) {
                r.algorithmStateSaved(AlgorithmRole.TUNER, JsonObject.builder().put("seen", id).build());
            }
        }
        o.trialEnded("custom1", null, "SUCCEEDED");
    }
}
