package dev.tunerd.report;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.protocol.json.JsonException;
import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import dev.tunerd.spi.json.JsonValue;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the {@code trials.jsonl} that {@code tunerd simulate} writes (format in the simulator's {@code TrialsJsonl}):
 * one trial per line, in the order they ended; the simulator's problems are minimised. A line that is not a JSON
 * object, or misses {@code value}, is an error naming the line. Stateless.
 */
final class TrialsJsonlSource {

    private TrialsJsonlSource() {
    }

    static Experiment read(Path file) throws IOException {
        List<ReportTrial> trials = new ArrayList<>();
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            int number = 0;
            while ((line = readLine(r, file, number + 1)) != null) {
                number++;
                if (line.isBlank()) {
                    continue;
                }
                try {
                    trials.add(trial(Json.parseObject(line, "a trials.jsonl line")));
                } catch (JsonException | IllegalArgumentException | IllegalStateException e) {
                    throw new IllegalArgumentException(file + " line " + number + ": " + e.getMessage(), e);
                }
            }
        }
        List<String> notes = new ArrayList<>();
        if (trials.stream().noneMatch(t -> Double.isFinite(t.endSeconds()))) {
            notes.add("this trials.jsonl has no trial times (written by an older tunerd simulate)");
        }
        Path parent = file.toAbsolutePath().getParent();
        String title = parent == null ? file.getFileName().toString() : parent.getFileName() + "/" + file.getFileName();
        return new Experiment(title, file.toAbsolutePath().toString(), true, trials, notes);
    }

    /** The next line, or an error naming the line when the file is not UTF-8 text (it said "Input length = 1"). */
    private static String readLine(BufferedReader r, Path file, int number) throws IOException {
        try {
            return r.readLine();
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException(file + " is not UTF-8 text (found reading line " + number + "): is it a"
                + " trials.jsonl?", e);
        }
    }

    private static ReportTrial trial(JsonObject o) {
        JsonValue value = o.find("value").orElseThrow(() -> new IllegalArgumentException("no \"value\""));
        double[] intermediate = o.find("intermediate").map(TrialsJsonlSource::numbers).orElse(new double[0]);
        String status = text(o.find("status").orElse(null), "SUCCEEDED");
        double v = value.isNumber() ? value.asDouble() : Double.NaN;
        return new ReportTrial(text(o.find("id").orElse(null), "-"), text(o.find("trial_job_id").orElse(null), "-"),
            status, status.equals("SUCCEEDED") ? v : Double.NaN, o.find("parameters").orElse(null),
            number(o, "start_s"), number(o, "end_s"), intermediate);
    }

    private static double[] numbers(JsonValue v) {
        if (!(v instanceof JsonArray a)) {
            throw new IllegalArgumentException("\"intermediate\" must be a list, got " + v.typeName());
        }
        double[] out = new double[a.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = a.get(i).isNumber() ? a.get(i).asDouble() : Double.NaN;
        }
        return out;
    }

    private static double number(JsonObject o, String key) {
        return o.find(key).filter(JsonValue::isNumber).map(JsonValue::asDouble).orElse(Double.NaN);
    }

    static String text(JsonValue v, String absent) {
        if (v == null || v instanceof dev.tunerd.spi.json.JsonNull) {
            return absent;
        }
        return v instanceof JsonString s ? s.value() : Json.writeAllowingNonFinite(v);
    }
}
