package dev.tunerd.protocol.ws;

import dev.tunerd.protocol.FrameException;

/**
 * The two ways NNI's managers put a command into a WebSocket text message. Immutable and thread-safe.
 */
public enum WsForm {
    /** NNI 3.0: {@code {"type": "GE", "content": "1"}}, content possibly absent; control messages {@code _nop_}/{@code _bye_}. */
    JSON("NNI 3.0 JSON form"),
    /** NNI 2.8 to 2.10: the two-letter type directly followed by the content, {@code GE1}. */
    RAW("NNI 2.8-2.10 raw form");

    private final String description;

    WsForm(String description) {
        this.description = description;
    }

    /** A few words for logs and messages, e.g. "NNI 3.0 JSON form". */
    public String description() {
        return description;
    }

    /**
     * The form of a manager's first message. The manager always starts with {@code IN}, so a message opening with
     * {@code {} is the JSON form and one opening with two capital letters is the raw form.
     *
     * @throws FrameException when the message is neither, naming its beginning
     */
    public static WsForm detect(String firstMessage) {
        String text = firstMessage.stripLeading();
        if (text.startsWith("{")) {
            return JSON;
        }
        if (text.length() >= 2 && isCapital(text.charAt(0)) && isCapital(text.charAt(1))) {
            return RAW;
        }
        throw new FrameException("cannot tell the WebSocket message form from the manager's first message "
            + WsMessageCodec.excerpt(firstMessage) + ": expected a JSON object (NNI 3.0) or two capital letters"
            + " followed by the content (NNI 2.8-2.10)");
    }

    private static boolean isCapital(char c) {
        return c >= 'A' && c <= 'Z';
    }
}
