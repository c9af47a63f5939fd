package dev.tunerd.core.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.tunerd.protocol.Command;
import dev.tunerd.protocol.FrameDecoder;
import dev.tunerd.protocol.FrameException;
import dev.tunerd.protocol.FrameFormat;
import dev.tunerd.protocol.command.CommandException;
import dev.tunerd.protocol.command.InboundCommands;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * Fuzz target: the pipe frame decoder and the typed command parser behind it, as the reader thread uses them. Any
 * byte sequence may only end in {@link FrameException} (framing) or {@link CommandException} (a frame's content);
 * anything else is a bug. Also: feeding the same bytes in two pieces decodes the same commands as in one piece (the
 * decoder is incremental). Replayed from {@code FrameDecoderFuzzTestInputs/} in every build (docs/FUZZING.md).
 */
class FrameDecoderFuzzTest {

    /** Small limits, so the fuzzer reaches "length over the limit" with short inputs. */
    private static final FrameFormat SMALL = new FrameFormat(FrameFormat.DEFAULT.lengthDigits(), 4096);

    @FuzzTest(maxDuration = "2m")
    void anyBytesDecodeOrFailWithAFrameOrCommandError(byte[] input) {
        List<Command> whole = decodeAll(input, input.length);
        List<Command> split = decodeAll(input, input.length / 2);
        assertEquals(whole, split, "decoding in two pieces must give the same commands");
        for (Command c : whole) {
            try {
                InboundCommands.parse(c);
            } catch (CommandException expected) {
                // a malformed payload: the daemon answers ER and exits 3
            }
        }
    }

    /** The commands decoded before the first error, feeding {@code input} in two pieces split at {@code at}. */
    private static List<Command> decodeAll(byte[] input, int at) {
        FrameDecoder decoder = new FrameDecoder(SMALL);
        List<Command> out = new ArrayList<>();
        try {
            for (ByteBuffer piece : new ByteBuffer[] {ByteBuffer.wrap(input, 0, at),
                ByteBuffer.wrap(input, at, input.length - at)}) {
                for (Command c = decoder.decode(piece); c != null; c = decoder.decode(piece)) {
                    out.add(c);
                }
            }
        } catch (FrameException expected) {
            // framing error: the daemon answers ER and exits 3
        }
        return out;
    }
}
