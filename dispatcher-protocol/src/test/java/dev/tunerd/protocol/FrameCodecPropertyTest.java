package dev.tunerd.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Random commands (seeded), encoded back to back and fed to the decoder in random chunks, come back unchanged. */
class FrameCodecPropertyTest {

    private static final CommandType[] TYPES = CommandType.values();

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 42, 20261121})
    void randomCommandsSurviveRandomChunking(long seed) {
        Random random = new Random(seed);
        for (int digits : new int[] {FrameFormat.LEGACY_DIGITS, FrameFormat.MODERN_DIGITS}) {
            FrameFormat format = new FrameFormat(digits, 100_000);
            for (int round = 0; round < 40; round++) {
                List<Command> commands = randomCommands(random);
                FrameEncoder encoder = new FrameEncoder(format);
                ByteArrayOutputStream stream = new ByteArrayOutputStream();
                long payloadBytes = 0;
                for (Command c : commands) {
                    byte[] frame = encoder.encode(c);
                    stream.writeBytes(frame);
                    payloadBytes += c.content().getBytes(StandardCharsets.UTF_8).length;
                    assertEquals(format.headerSize() + c.content().getBytes(StandardCharsets.UTF_8).length, frame.length);
                }
                byte[] all = stream.toByteArray();
                assertEquals(commands.size() * (long) format.headerSize() + payloadBytes, all.length);
                assertEquals(commands, decodeInRandomChunks(new FrameDecoder(format), all, random),
                    "seed " + seed + ", round " + round);
            }
        }
    }

    private static List<Command> decodeInRandomChunks(FrameDecoder decoder, byte[] all, Random random) {
        List<Command> out = new ArrayList<>();
        int at = 0;
        while (at < all.length) {
            int n = Math.min(all.length - at, 1 + random.nextInt(random.nextBoolean() ? 4 : 300));
            FrameCodecGoldenTest.drain(decoder, ByteBuffer.wrap(all, at, n), out);
            at += n;
        }
        assertTrue(decoder.atFrameBoundary());
        return out;
    }

    private static List<Command> randomCommands(Random random) {
        List<Command> commands = new ArrayList<>();
        int n = 1 + random.nextInt(8);
        for (int i = 0; i < n; i++) {
            commands.add(new Command(TYPES[random.nextInt(TYPES.length)], randomText(random)));
        }
        return commands;
    }

    /** Text mixing ASCII, 2- and 3-byte characters and surrogate pairs (4 UTF-8 bytes). */
    private static String randomText(Random random) {
        int length = random.nextInt(4) == 0 ? 0 : random.nextInt(random.nextBoolean() ? 20 : 3000);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < length; i++) {
            switch (random.nextInt(4)) {
                case 0 -> sb.appendCodePoint(0x20 + random.nextInt(0x5f));
                case 1 -> sb.appendCodePoint(0xa0 + random.nextInt(0x700));
                case 2 -> sb.appendCodePoint(0x3000 + random.nextInt(0x5000));
                default -> sb.appendCodePoint(0x1f300 + random.nextInt(0x300));
            }
        }
        return sb.toString();
    }
}
