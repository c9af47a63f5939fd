package dev.tunerd.simulator.report;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.simulator.manager.RunResult;
import dev.tunerd.simulator.manager.TrialRecord;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonObject;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes {@code trials.jsonl}: one JSON object per finished trial, in the order they ended. Stateless. */
public final class TrialsJsonl {

    private TrialsJsonl() {
    }

    public static void write(Path file, RunResult result) throws IOException {
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (TrialRecord t : result.trials()) {
                w.write(Json.writeAllowingNonFinite(line(t)));
                w.write('\n');
            }
        }
    }

    static JsonObject line(TrialRecord t) {
        return JsonObject.builder()
            .put("id", t.parameterId())
            .put("trial_job_id", t.trialJobId())
            .put("parameters", t.parameters())
            .put("value", JsonFloat.of(t.value()))
            .put("epochs", JsonInt.of(t.epochs()))
            .put("status", t.status().name())
            .put("latency_ms", JsonFloat.of(t.latencyNanos() / 1e6))
            .build();
    }
}
