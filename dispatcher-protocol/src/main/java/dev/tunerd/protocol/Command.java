package dev.tunerd.protocol;

import java.util.Objects;

/**
 * One command as carried on the wire: a type and its content text (usually JSON, possibly empty). The content is
 * decoded from UTF-8 once; what it means is parsed once, into a typed record, by {@code InboundCommands}.
 * Immutable and thread-safe.
 */
public record Command(CommandType type, String content) {

    public Command {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(content, "content");
    }

    public static Command of(CommandType type) {
        return new Command(type, "");
    }

    @Override
    public String toString() {
        String shown = content.length() > 200 ? content.substring(0, 200) + "..." : content;
        return type.code() + " " + shown;
    }
}
