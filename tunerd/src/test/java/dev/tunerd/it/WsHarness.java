package dev.tunerd.it;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import dev.tunerd.spi.json.JsonValue;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Helpers of the WebSocket process tests: starting the built tunerd against a {@link ManagerServer} with the
 * environment of spec 8.1, writing messages as NNI's manager writes them, and reading the dispatcher's messages in
 * either form. Stateless.
 */
final class WsHarness {

    /** How long one reply may take (the machine is shared; replies normally take milliseconds). */
    static final Duration REPLY = Duration.ofSeconds(10);
    /** tunerd's JVM start plus its first connection. */
    static final Duration CONNECT = Duration.ofSeconds(15);

    private WsHarness() {
    }

    /** Starts {@code scripts/tunerd -m nni --exp_params <b64>} with {@code NNI_TUNER_COMMAND_CHANNEL} = the server. */
    static TunerdProcess launch(ManagerServer manager, String expParamsJson, String... extraArgs) throws IOException {
        return TunerdProcess.start(expParamsJson, env(manager.url()), extraArgs);
    }

    /** NNI's variables for a WebSocket run (spec 8.1), with a fresh checkpoint directory. */
    static Map<String, String> env(String url) throws IOException {
        return Map.of("NNI_TUNER_COMMAND_CHANNEL", url,
            "NNI_CHECKPOINT_DIRECTORY", Files.createTempDirectory("tunerd-it-ckpt").toString());
    }

    /** A command as NNI 3.0's manager writes it ({@code JSON.stringify}: compact, content a string). */
    static String json(String type, String content) {
        StringBuilder sb = new StringBuilder("{\"type\":\"").append(type).append("\",\"content\":");
        Json.writeString(sb, content);
        return sb.append('}').toString();
    }

    /** A command with no content ({@code {"type":"TE"}}: the manager omits an undefined content). */
    static String json(String type) {
        return "{\"type\":\"" + type + "\"}";
    }

    /** The type of a message of the given form (JSON: the "type" field; raw: the first two characters). */
    static String typeOf(String text, boolean jsonForm) {
        if (!jsonForm) {
            return text.substring(0, 2);
        }
        return ((JsonString) ((JsonObject) Json.parse(text)).get("type")).value();
    }

    /** The content of a command message of the given form ("" when absent). */
    static String contentOf(String text, boolean jsonForm) {
        if (!jsonForm) {
            return text.substring(2);
        }
        JsonValue content = ((JsonObject) Json.parse(text)).get("content");
        return content instanceof JsonString s ? s.value() : "";
    }

    static List<String> typesOf(List<String> texts, boolean jsonForm) {
        return texts.stream().map(t -> typeOf(t, jsonForm)).toList();
    }

    /**
     * True when {@code text} is written exactly as Python's {@code json.dumps} writes its value (", " and ": "
     * separators, ensure_ascii, Python float repr, key order kept): the form NNI's dispatcher sends.
     */
    static boolean isPythonJson(String text) {
        return Json.write(Json.parse(text)).equals(text);
    }
}
