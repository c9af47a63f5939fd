package dev.tunerd.it;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A recorded NNI session (test resources, copies of {@code shared/transcripts/*.jsonl}): one WebSocket message per
 * line, {@code {"ms": ..., "dir": "mgr->disp"|"disp->mgr", "raw": "<message text>"}}. Immutable.
 *
 * @param entries the messages in recorded order
 */
record Transcript(List<Entry> entries) {

    /** One recorded message: who sent it and its exact text. */
    record Entry(boolean fromManager, String raw) {
    }

    static Transcript load(String name) {
        try {
            Path file = Path.of(Transcript.class.getResource("/transcripts/" + name).toURI());
            List<Entry> entries = new ArrayList<>();
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                JsonObject entry = (JsonObject) Json.parse(line);
                entries.add(new Entry(((JsonString) entry.get("dir")).value().equals("mgr->disp"),
                    ((JsonString) entry.get("raw")).value()));
            }
            return new Transcript(List.copyOf(entries));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    List<String> fromManager() {
        return entries.stream().filter(Entry::fromManager).map(Entry::raw).toList();
    }

    List<String> fromDispatcher() {
        return entries.stream().filter(e -> !e.fromManager()).map(Entry::raw).toList();
    }
}
