package dev.tunerd.core.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.tunerd.protocol.FrameException;
import dev.tunerd.protocol.ws.WsForm;
import dev.tunerd.protocol.ws.WsMessageCodec;
import java.nio.charset.StandardCharsets;

/**
 * Fuzz target: the WebSocket message codec, both forms (NNI 2.8+ JSON messages, the raw form). Any text message may
 * only decode or fail with {@link FrameException}. Replayed from {@code WsMessageCodecFuzzTestInputs/} in every build.
 */
class WsMessageCodecFuzzTest {

    @FuzzTest(maxDuration = "2m")
    void anyMessageDecodesOrFailsWithAFrameError(byte[] input) {
        String text = new String(input, StandardCharsets.UTF_8);
        for (WsForm form : WsForm.values()) {
            try {
                new WsMessageCodec(form).decode(text);
            } catch (FrameException expected) {
                // the daemon answers ER and closes
            }
        }
    }
}
