package dev.tunerd.protocol;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonValue;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * One command as carried on the wire: a type and its content text (usually JSON, possibly empty); what the content
 * means is parsed once, into a typed record, by {@code InboundCommands}. Two commands are equal when their types and
 * contents are. Immutable and thread-safe.
 *
 * <p>A command decoded from a frame whose payload is plain ASCII (nearly every frame) keeps the payload bytes and
 * makes its content {@code String} only when asked: {@link #parseContent} reads the JSON from the bytes, so the
 * reader thread never copies a metric into a string only to read it once. Any other command holds its string.
 */
public final class Command {

    private final CommandType type;
    private final byte[] ascii; // the payload as received, when it is ASCII; never modified
    private String content; // made from ascii on first use; a race makes equal strings, safely published (final fields)

    public Command(CommandType type, String content) {
        this.type = Objects.requireNonNull(type, "type");
        this.content = Objects.requireNonNull(content, "content");
        this.ascii = null;
    }

    private Command(CommandType type, byte[] ascii) {
        this.type = Objects.requireNonNull(type, "type");
        this.ascii = Objects.requireNonNull(ascii, "ascii");
    }

    /**
     * A command whose content is {@code payload}, which must hold only ASCII bytes (0 to 127) and is not copied: the
     * caller hands it over and must not change it.
     */
    static Command ofAscii(CommandType type, byte[] payload) {
        return new Command(type, payload);
    }

    public static Command of(CommandType type) {
        return new Command(type, "");
    }

    public CommandType type() {
        return type;
    }

    public String content() {
        String c = content;
        if (c == null) {
            c = new String(ascii, StandardCharsets.ISO_8859_1);
            content = c;
        }
        return c;
    }

    /**
     * The content read as one JSON value, from the payload bytes when there are any.
     *
     * @throws dev.tunerd.protocol.json.JsonException when it is not JSON
     */
    public JsonValue parseContent() {
        return ascii != null ? Json.parseUtf8(ascii, 0, ascii.length) : Json.parse(content);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Command other && type == other.type && content().equals(other.content());
    }

    @Override
    public int hashCode() {
        return 31 * type.hashCode() + content().hashCode();
    }

    @Override
    public String toString() {
        String text = content();
        String shown = text.length() > 200 ? text.substring(0, 200) + "..." : text;
        return type.code() + " " + shown;
    }
}
