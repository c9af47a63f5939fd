package dev.tunerd.protocol.ws;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** One recorded session between a real NNI manager and NNI's Python dispatcher (test resource, JSON lines). */
record Transcript(List<Line> lines) {

    /** One WebSocket text message: who sent it and its exact text. */
    record Line(boolean fromManager, String raw) {
    }

    static Transcript load(String resource) {
        try (InputStream in = Transcript.class.getResourceAsStream("/transcripts/" + resource)) {
            if (in == null) {
                throw new IllegalStateException("test resource /transcripts/" + resource + " is missing");
            }
            List<Line> lines = new ArrayList<>();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (line.isBlank()) {
                    continue;
                }
                JsonObject o = Json.parseObject(line, "transcript line");
                String dir = ((JsonString) o.get("dir")).value();
                lines.add(new Line(dir.equals("mgr->disp"), ((JsonString) o.get("raw")).value()));
            }
            return new Transcript(List.copyOf(lines));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    List<String> fromManager() {
        return lines.stream().filter(Line::fromManager).map(Line::raw).toList();
    }

    List<String> fromDispatcher() {
        return lines.stream().filter(l -> !l.fromManager()).map(Line::raw).toList();
    }
}
