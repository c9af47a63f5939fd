package dev.tunerd.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Committed wire vectors of the legacy pipe framing, one per command type. The headers were written by hand (lengths
 * counted in UTF-8 bytes by CPython's {@code len(s.encode())}), never computed by the code under test.
 */
class FrameCodecGoldenTest {

    /** A command and its exact frame (header + payload) in the 14-digit form. */
    record Vector(Command command, String frame) {
        byte[] bytes() {
            return frame.getBytes(StandardCharsets.UTF_8);
        }

        @Override
        public String toString() {
            return command.type().code();
        }
    }

    static final List<Vector> VECTORS = List.of(
        v(CommandType.INITIALIZE, "00000000000052", "{\"lr\": {\"_type\": \"uniform\", \"_value\": [0.001, 0.1]}}"),
        v(CommandType.REQUEST_TRIAL_JOBS, "00000000000001", "3"),
        v(CommandType.REPORT_METRIC_DATA, "00000000000093", "{\"parameter_id\": 0, \"trial_job_id\": \"Ab3dE\","
            + " \"type\": \"FINAL\", \"sequence\": 0, \"value\": \"0.93\"}"),
        v(CommandType.UPDATE_SEARCH_SPACE, "00000000000066",
            "{\"caf\u00e9\": {\"_type\": \"choice\", \"_value\": [\"\u00e9t\u00e9\", \"\u2603\", \"\ud83d\ude00\"]}}"),
        v(CommandType.IMPORT_DATA, "00000000000039", "[{\"parameter\": {\"x\": 1}, \"value\": 0.5}]"),
        v(CommandType.ADD_CUSTOMIZED_TRIAL_JOB, "00000000000046", "{\"parameter_id\": null, \"parameters\": {\"x\": 2}}"),
        v(CommandType.TRIAL_END, "00000000000088", "{\"trial_job_id\": \"Ab3dE\", \"event\": \"SUCCEEDED\","
            + " \"hyper_params\": \"{\\\"parameter_id\\\": 0}\"}"),
        v(CommandType.TERMINATE, "00000000000000", ""),
        v(CommandType.PING, "00000000000000", ""),
        v(CommandType.INITIALIZED, "00000000000000", ""),
        v(CommandType.NEW_TRIAL_JOB, "00000000000100", "{\"parameter_id\": 0, \"parameter_source\": \"algorithm\","
            + " \"parameters\": {\"x\": 0.5}, \"parameter_index\": 0}"),
        v(CommandType.SEND_TRIAL_JOB_PARAMETER, "00000000000065",
            "{\"parameter_id\": 1, \"parameters\": {\"x\": 1}, \"parameter_index\": 1}"),
        v(CommandType.NO_MORE_TRIAL_JOBS, "00000000000000", ""),
        v(CommandType.KILL_TRIAL_JOB, "00000000000007", "\"Ab3dE\""),
        v(CommandType.ERROR, "00000000000075",
            "Traceback (most recent call last):\n  File \"x.py\", line 1\nValueError: bad \u00e9"));

    private static Vector v(CommandType type, String digits, String payload) {
        return new Vector(new Command(type, payload), type.code() + digits + payload);
    }

    static Stream<Vector> vectors() {
        return VECTORS.stream();
    }

    private final FrameEncoder encoder = new FrameEncoder(FrameFormat.DEFAULT);

    @Test
    void everyCommandTypeHasAVector() {
        Set<CommandType> covered = EnumSet.noneOf(CommandType.class);
        VECTORS.forEach(v -> covered.add(v.command().type()));
        assertEquals(EnumSet.allOf(CommandType.class), covered);
    }

    @ParameterizedTest
    @MethodSource("vectors")
    void encodesExactBytes(Vector v) {
        assertArrayEquals(v.bytes(), encoder.encode(v.command()));
    }

    @ParameterizedTest
    @MethodSource("vectors")
    void decodesExactCommand(Vector v) {
        FrameDecoder decoder = new FrameDecoder(FrameFormat.DEFAULT);
        ByteBuffer in = ByteBuffer.wrap(v.bytes());
        assertEquals(v.command(), decoder.decode(in));
        assertEquals(0, in.remaining());
        assertNull(decoder.decode(in));
        assertTrue(decoder.atFrameBoundary());
    }

    @ParameterizedTest
    @MethodSource("vectors")
    void decodesTheSameOneByteAtATime(Vector v) {
        FrameDecoder decoder = new FrameDecoder(FrameFormat.DEFAULT);
        byte[] bytes = v.bytes();
        for (int i = 0; i < bytes.length - 1; i++) {
            assertNull(decoder.decode(ByteBuffer.wrap(bytes, i, 1)), "complete after only " + (i + 1) + " bytes");
            assertEquals(i + 1, decoder.bufferedBytes());
        }
        assertEquals(v.command(), decoder.decode(ByteBuffer.wrap(bytes, bytes.length - 1, 1)));
    }

    @ParameterizedTest
    @MethodSource("vectors")
    void decodesTheSameWhenSplitAtEveryPosition(Vector v) {
        byte[] bytes = v.bytes();
        for (int split = 0; split <= bytes.length; split++) {
            FrameDecoder decoder = new FrameDecoder(FrameFormat.DEFAULT);
            Command first = decoder.decode(ByteBuffer.wrap(bytes, 0, split));
            Command result = first != null ? first : decoder.decode(ByteBuffer.wrap(bytes, split, bytes.length - split));
            assertEquals(v.command(), result, "split at " + split);
        }
    }

    @Test
    void decodesAllVectorsBackToBackSplitAtEveryPosition() {
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        VECTORS.forEach(v -> stream.writeBytes(v.bytes()));
        byte[] all = stream.toByteArray();
        List<Command> expected = VECTORS.stream().map(Vector::command).toList();
        for (int split = 0; split <= all.length; split++) {
            FrameDecoder decoder = new FrameDecoder(FrameFormat.DEFAULT);
            List<Command> got = new ArrayList<>();
            drain(decoder, ByteBuffer.wrap(all, 0, split), got);
            drain(decoder, ByteBuffer.wrap(all, split, all.length - split), got);
            assertEquals(expected, got, "split at " + split);
            assertTrue(decoder.atFrameBoundary());
        }
    }

    @Test
    void sixDigitForm() {
        FrameFormat six = new FrameFormat(FrameFormat.LEGACY_DIGITS, FrameFormat.DEFAULT_MAX_FRAME_BYTES);
        assertEquals(999_999, six.maxFrameBytes(), "6 digits cannot carry more");
        Command ss = VECTORS.get(3).command();
        byte[] frame = ("SS000066" + ss.content()).getBytes(StandardCharsets.UTF_8);
        assertArrayEquals(frame, new FrameEncoder(six).encode(ss));
        assertArrayEquals("TE000000".getBytes(StandardCharsets.US_ASCII),
            new FrameEncoder(six).encode(Command.of(CommandType.TERMINATE)));
        assertEquals(ss, new FrameDecoder(six).decode(ByteBuffer.wrap(frame)));
        FrameException e = assertThrows(FrameException.class,
            () -> new FrameEncoder(six).encode(new Command(CommandType.IMPORT_DATA, "x".repeat(1_000_000))));
        assertEquals("frame length 1000000 exceeds the 999999 bytes that a 6-digit length field can say (FD frame)",
            e.getMessage());
    }

    /** #12 defect 1: --max-frame-bytes is for what the manager sends; a reply is never refused by it. */
    @Test
    void maxFrameBytesNeverLimitsAFrameWritten() {
        FrameFormat small = new FrameFormat(FrameFormat.MODERN_DIGITS, 1000);
        String big = "{\"parameter_id\": 0, \"parameters\": {\"x\": \"" + "y".repeat(2000) + "\"}}";
        byte[] frame = new FrameEncoder(small).encode(new Command(CommandType.NEW_TRIAL_JOB, big));
        assertEquals(2 + 14 + big.length(), frame.length);
        FrameException e = assertThrows(FrameException.class, () -> new FrameDecoder(small)
            .decode(ByteBuffer.wrap(frame.clone()).put(0, (byte) 'M').put(1, (byte) 'E')));
        assertTrue(e.getMessage().contains("exceeds the limit of 1000 bytes"), e.getMessage());
    }

    /** #12 defect 2: an ER always fits the frame format: cut, on a character boundary, with a mark saying so. */
    @Test
    void anErrorTooLongForTheLengthFieldIsCutToFit() {
        FrameFormat six = new FrameFormat(FrameFormat.LEGACY_DIGITS, 999_999);
        String text = "tunerd: IN failed: " + "\u00e9".repeat(600_000); // 1.2 MB in UTF-8
        byte[] frame = new FrameEncoder(six).encode(new Command(CommandType.ERROR, text));
        Command decoded = new FrameDecoder(six).decode(ByteBuffer.wrap(frame));
        assertEquals(CommandType.ERROR, decoded.type());
        assertTrue(frame.length <= 8 + 999_999, "frame of " + frame.length + " bytes");
        assertTrue(decoded.content().startsWith("tunerd: IN failed: \u00e9\u00e9"), decoded.content().substring(0, 40));
        assertTrue(decoded.content().endsWith(FrameEncoder.CUT_MARK), "ends with the cut mark");
    }

    @Test
    void lengthsPaddedWithLeadingSpacesAreAccepted() {
        FrameDecoder decoder = new FrameDecoder(FrameFormat.DEFAULT);
        assertEquals(new Command(CommandType.REQUEST_TRIAL_JOBS, "12"),
            decoder.decode(ascii("GE             212")));
        assertEquals(Command.of(CommandType.TERMINATE), decoder.decode(ascii("TE             0")));
        assertEquals(new Command(CommandType.REQUEST_TRIAL_JOBS, "7"),
            new FrameDecoder(new FrameFormat(6, 1000)).decode(ascii("GE     17")));
    }

    @Test
    void lengthThatIsNotDigitsIsRejectedNamingTheField() {
        assertRejected("GE0000000000001x", "frame length field \"0000000000001x\" is not a decimal number"
            + " (14 digits expected after the command type, header \"GE0000000000001x\")");
        assertRejected("GE000000 0000001", "frame length field \"000000 0000001\" is not a decimal number");
        assertRejected("GE-0000000000001", "frame length field \"-0000000000001\" is not a decimal number");
        assertRejected("GE              ", "frame length field \"              \" has no digits");
        assertRejected("GE\u00000000000000001", "frame length field \"\\x000000000000001\" is not a decimal number");
    }

    @Test
    void unknownTypeIsRejectedNamingIt() {
        assertRejected("XX00000000000001", "unknown command type \"XX\" in frame header \"XX00000000000001\"");
        assertRejected("ge00000000000001", "unknown command type \"ge\"");
        assertRejected("{\"type\": \"GE\"}...", "unknown command type \"{\\x22\"");
    }

    @Test
    void lengthOverTheLimitIsRejectedNamingValueAndLimit() {
        FrameDecoder decoder = new FrameDecoder(new FrameFormat(14, 1000));
        FrameException e = assertThrows(FrameException.class, () -> decoder.decode(ascii("FD00000000001001")));
        assertEquals("frame length 1001 exceeds the limit of 1000 bytes (FD frame; raise it with --max-frame-bytes)",
            e.getMessage());
        FrameException huge = assertThrows(FrameException.class,
            () -> new FrameDecoder(FrameFormat.DEFAULT).decode(ascii("FD99999999999999")));
        assertTrue(huge.getMessage().startsWith("frame length 99999999999999 exceeds the limit of 1073741824 bytes"),
            huge.getMessage());
        assertSame(e, assertThrows(FrameException.class, () -> decoder.decode(ascii("GE000000000000011"))),
            "a failed decoder stays failed");
    }

    @Test
    void aLargeAnnouncedLengthAllocatesOnlyWhatArrives() {
        FrameDecoder decoder = new FrameDecoder(FrameFormat.DEFAULT);
        assertNull(decoder.decode(ascii("FD00001000000000" + "[1, 2, 3]")));
        assertTrue(decoder.payloadCapacity() <= 64 * 1024, "capacity " + decoder.payloadCapacity());
        byte[] chunk = new byte[200_000];
        java.util.Arrays.fill(chunk, (byte) ' ');
        assertNull(decoder.decode(ByteBuffer.wrap(chunk)));
        assertTrue(decoder.payloadCapacity() < 1_000_000, "capacity " + decoder.payloadCapacity());
        assertEquals(16 + 9 + 200_000, decoder.bufferedBytes());
    }

    @Test
    void payloadThatIsNotUtf8IsRejected() {
        FrameDecoder decoder = new FrameDecoder(FrameFormat.DEFAULT);
        byte[] frame = {'E', 'R', '0', '0', '0', '0', '0', '0', '0', '0', '0', '0', '0', '0', '0', '2', (byte) 0xc3, 0x28};
        FrameException e = assertThrows(FrameException.class, () -> decoder.decode(ByteBuffer.wrap(frame)));
        assertEquals("payload of ER frame (2 bytes) is not valid UTF-8", e.getMessage());
    }

    private static void assertRejected(String header, String expectedMessage) {
        FrameDecoder decoder = new FrameDecoder(FrameFormat.DEFAULT);
        FrameException e = assertThrows(FrameException.class,
            () -> decoder.decode(ByteBuffer.wrap(header.getBytes(StandardCharsets.UTF_8))));
        assertTrue(e.getMessage().contains(expectedMessage), e.getMessage());
    }

    private static ByteBuffer ascii(String s) {
        return ByteBuffer.wrap(s.getBytes(StandardCharsets.US_ASCII));
    }

    static void drain(FrameDecoder decoder, ByteBuffer in, List<Command> out) {
        for (Command c = decoder.decode(in); c != null; c = decoder.decode(in)) {
            out.add(c);
        }
    }
}
