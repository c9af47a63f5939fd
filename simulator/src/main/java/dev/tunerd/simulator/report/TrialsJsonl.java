package dev.tunerd.simulator.report;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.simulator.manager.RunResult;
import dev.tunerd.simulator.manager.TrialRecord;
import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes {@code trials.jsonl}: one JSON object per finished trial, in the order they ended: {@code id},
 * {@code trial_job_id}, {@code parameters}, {@code value}, {@code epochs}, {@code budget} (the epochs an advisor's
 * {@code TRIAL_BUDGET} asked for; absent without one), {@code status}, {@code latency_ms}, and when known
 * {@code intermediate} (the PERIODICAL metrics) and {@code start_s}/{@code end_s} (simulated seconds). This is what
 * {@code tunerd report} reads back. Stateless.
 */
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
        JsonObject.Builder b = JsonObject.builder()
            .put("id", t.parameterId())
            .put("trial_job_id", t.trialJobId())
            .put("parameters", t.parameters())
            .put("value", JsonFloat.of(t.value()))
            .put("epochs", JsonInt.of(t.epochs()));
        if (t.budget() > 0) {
            b.put("budget", JsonInt.of(t.budget()));
        }
        b.put("status", t.status().name()).put("latency_ms", JsonFloat.of(t.latencyNanos() / 1e6));
        double[] intermediate = t.intermediate();
        if (intermediate.length > 0) {
            List<JsonValue> values = new ArrayList<>(intermediate.length);
            for (double v : intermediate) {
                values.add(JsonFloat.of(v));
            }
            b.put("intermediate", new JsonArray(values));
        }
        if (Double.isFinite(t.startSeconds()) && Double.isFinite(t.endSeconds())) {
            b.put("start_s", JsonFloat.of(t.startSeconds())).put("end_s", JsonFloat.of(t.endSeconds()));
        }
        return b.build();
    }
}
