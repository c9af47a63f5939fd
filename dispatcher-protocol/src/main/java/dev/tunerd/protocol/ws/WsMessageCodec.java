package dev.tunerd.protocol.ws;

import dev.tunerd.protocol.Command;
import dev.tunerd.protocol.CommandType;
import dev.tunerd.protocol.FrameException;
import dev.tunerd.protocol.json.Json;
import dev.tunerd.protocol.json.JsonException;
import dev.tunerd.spi.json.JsonNull;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import dev.tunerd.spi.json.JsonValue;
import java.util.Objects;
import java.util.Optional;

/**
 * Reads and writes the text of NNI's WebSocket messages in one {@link WsForm}. Outbound JSON messages are written
 * exactly as NNI's Python client writes them with {@code json.dumps}: {@code {"type": "ID", "content": ""}}, with
 * {@code ", "}/{@code ": "} separators and every non-ASCII character escaped as lowercase {@code \\uXXXX}.
 *
 * <p>Pure; immutable and thread-safe.
 */
public final class WsMessageCodec {

    static final String NOP = "_nop_";
    static final String BYE = "_bye_";
    private static final int EXCERPT_CHARS = 80;

    private final WsForm form;

    public WsMessageCodec(WsForm form) {
        this.form = Objects.requireNonNull(form, "form");
    }

    public WsForm form() {
        return form;
    }

    /**
     * What one inbound message means.
     *
     * @throws FrameException when the text is not a valid message of this form; the message names what was wrong
     */
    public WsMessage decode(String text) {
        return form == WsForm.JSON ? decodeJson(text) : decodeRaw(text);
    }

    /** The message text that carries {@code command}. */
    public String encode(Command command) {
        if (form == WsForm.RAW) {
            return command.type().code() + command.content();
        }
        StringBuilder sb = new StringBuilder(command.content().length() + 40);
        sb.append("{\"type\": \"").append(command.type().code()).append("\", \"content\": ");
        Json.writeString(sb, command.content());
        return sb.append('}').toString();
    }

    /**
     * The "closing on purpose" message NNI's Python client sends before closing with code 4000:
     * {@code {"type": "_bye_"}} in the JSON form; empty in the raw form, which has no control messages.
     */
    public Optional<String> byeMessage() {
        return form == WsForm.JSON ? Optional.of("{\"type\": \"" + BYE + "\"}") : Optional.empty();
    }

    private static WsMessage decodeRaw(String text) {
        CommandType type = text.length() >= 2 ? CommandType.fromCode(text.charAt(0), text.charAt(1)) : null;
        if (type == null) {
            throw new FrameException("WebSocket message " + excerpt(text) + " does not start with a known command type"
                + " (" + WsForm.RAW.description() + ": two capital letters such as GE, then the content)");
        }
        return new WsMessage.CommandMessage(new Command(type, text.substring(2)));
    }

    private static WsMessage decodeJson(String text) {
        JsonObject message = parseObject(text);
        String type = typeOf(message, text);
        switch (type) {
            case NOP:
                return new WsMessage.Nop();
            case BYE:
                return new WsMessage.Bye(reasonOf(message.get("reason")));
            default:
                CommandType commandType = CommandType.fromCode(type);
                if (commandType == null) {
                    throw new FrameException("unknown command type \"" + type + "\" in WebSocket message "
                        + excerpt(text));
                }
                return new WsMessage.CommandMessage(new Command(commandType, contentOf(message, type, text)));
        }
    }

    private static JsonObject parseObject(String text) {
        JsonValue value;
        try {
            value = Json.parse(text);
        } catch (JsonException e) {
            throw new FrameException("WebSocket message " + excerpt(text) + " is not valid JSON ("
                + WsForm.JSON.description() + "): " + e.getMessage(), e);
        }
        if (value instanceof JsonObject o) {
            return o;
        }
        throw new FrameException("WebSocket message " + excerpt(text) + " is a JSON " + value.typeName()
            + ", expected an object with \"type\" and \"content\" (" + WsForm.JSON.description() + ")");
    }

    private static String typeOf(JsonObject message, String text) {
        JsonValue type = message.get("type");
        if (type instanceof JsonString s) {
            return s.value();
        }
        throw new FrameException("WebSocket message " + excerpt(text) + (type == null ? " has no \"type\""
            : " has a \"type\" that is a " + type.typeName() + ", expected a string such as \"GE\""));
    }

    private static String contentOf(JsonObject message, String type, String text) {
        JsonValue content = message.get("content");
        if (content == null || content == JsonNull.INSTANCE) {
            return "";
        }
        if (content instanceof JsonString s) {
            return s.value();
        }
        throw new FrameException("the \"content\" of " + type + " message " + excerpt(text) + " is a "
            + content.typeName() + ", expected a string (JSON text inside a JSON string)");
    }

    private static String reasonOf(JsonValue reason) {
        if (reason == null || reason == JsonNull.INSTANCE) {
            return "";
        }
        return reason instanceof JsonString s ? s.value() : Json.writeAllowingNonFinite(reason);
    }

    /** The start of a message for error messages: quoted, at most 80 characters, with the full length. */
    static String excerpt(String text) {
        StringBuilder sb = new StringBuilder();
        Json.writeString(sb, text.length() > EXCERPT_CHARS ? text.substring(0, EXCERPT_CHARS) : text);
        if (text.length() > EXCERPT_CHARS) {
            sb.setLength(sb.length() - 1);
            sb.append("...\" (").append(text.length()).append(" characters)");
        }
        return sb.toString();
    }
}
