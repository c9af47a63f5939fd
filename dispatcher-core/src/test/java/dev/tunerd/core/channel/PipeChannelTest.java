package dev.tunerd.core.channel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.Command;
import dev.tunerd.protocol.CommandType;
import dev.tunerd.protocol.FrameException;
import dev.tunerd.protocol.FrameFormat;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class PipeChannelTest {

    private static PipeChannel over(InputStream in, ByteArrayOutputStream out, int digits) {
        return new PipeChannel(in, out, new FrameFormat(digits, 1000));
    }

    /** Hands out one byte per read, as a slow pipe may. */
    private static InputStream trickle(byte[] bytes) {
        return new ByteArrayInputStream(bytes) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, 1));
            }
        };
    }

    @Test
    void readsConsecutiveFramesWhicheverWayTheBytesArrive() throws IOException {
        byte[] wire = ("GE000000000000012" + "IN00000000000008{\"é\":1}" /* é is two bytes */ + "TE00000000000000")
            .getBytes(StandardCharsets.UTF_8);
        for (InputStream in : new InputStream[] {new ByteArrayInputStream(wire), trickle(wire)}) {
            PipeChannel channel = over(in, new ByteArrayOutputStream(), 14);
            assertEquals(new Command(CommandType.REQUEST_TRIAL_JOBS, "2"), channel.receive());
            assertEquals(new Command(CommandType.INITIALIZE, "{\"é\":1}"), channel.receive());
            assertEquals(new Command(CommandType.TERMINATE, ""), channel.receive());
            assertNull(channel.receive());
        }
    }

    @Test
    void endOfInputInsideAFrameIsAnEndAsInNni() throws IOException {
        PipeChannel channel = over(new ByteArrayInputStream("GE0000".getBytes(StandardCharsets.US_ASCII)),
            new ByteArrayOutputStream(), 14);
        assertNull(channel.receive());
    }

    @Test
    void garbageHeaderFails() {
        PipeChannel channel = over(new ByteArrayInputStream("GE00000000abcdef".getBytes(StandardCharsets.US_ASCII)),
            new ByteArrayOutputStream(), 14);
        assertThrows(FrameException.class, channel::receive);
    }

    @Test
    void writesWholeFramesInTheChosenHeaderWidth() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PipeChannel channel = over(new ByteArrayInputStream(new byte[0]), out, 6);
        channel.send(new Command(CommandType.KILL_TRIAL_JOB, "\"A\""));
        channel.close(false);
        channel.close(true);
        assertArrayEquals("KI000003\"A\"".getBytes(StandardCharsets.US_ASCII), out.toByteArray());
    }

    @Test
    void aBatchGoesOutAsTheSameFramesInOneWrite() throws IOException {
        List<Command> batch = List.of(new Command(CommandType.NEW_TRIAL_JOB, "{\"parameter_id\": 0}"),
            new Command(CommandType.NEW_TRIAL_JOB, "{\"parameter_id\": 1}"), new Command(CommandType.NO_MORE_TRIAL_JOBS,
            "{\"parameter_id\": 2}"));
        ByteArrayOutputStream oneByOne = new ByteArrayOutputStream();
        PipeChannel single = over(new ByteArrayInputStream(new byte[0]), oneByOne, 14);
        for (Command c : batch) {
            single.send(c);
        }
        List<Integer> writes = new ArrayList<>();
        ByteArrayOutputStream together = new ByteArrayOutputStream() {
            @Override
            public synchronized void write(byte[] b, int off, int len) {
                writes.add(len);
                super.write(b, off, len);
            }
        };
        over(new ByteArrayInputStream(new byte[0]), together, 14).sendAll(batch);
        assertArrayEquals(oneByOne.toByteArray(), together.toByteArray());
        assertEquals(List.of(oneByOne.size()), writes);
    }

    @Test
    void aBufferedCommandIsAWholeFrameAlreadyRead() throws IOException {
        byte[] wire = ("GE000000000000012" + "IN   00000000008{\"a\": 1}" + "PI00000000000000" + "GE00000000000001")
            .getBytes(StandardCharsets.UTF_8);
        PipeChannel channel = over(new ByteArrayInputStream(wire), new ByteArrayOutputStream(), 14);
        assertFalse(channel.hasBufferedCommand(), "nothing read yet");
        assertEquals("2", channel.receive().content());
        assertTrue(channel.hasBufferedCommand(), "IN is in the buffer (leading spaces in its length)");
        channel.receive();
        assertTrue(channel.hasBufferedCommand(), "PI has an empty payload");
        channel.receive();
        assertFalse(channel.hasBufferedCommand(), "GE's payload has not arrived");

        PipeChannel trickled = over(trickle(wire), new ByteArrayOutputStream(), 14);
        trickled.receive();
        assertFalse(trickled.hasBufferedCommand(), "one byte at a time: never a whole frame ahead");

        PipeChannel garbage = over(new ByteArrayInputStream("PI00000000000000GE0000000x000001".getBytes(
            StandardCharsets.US_ASCII)), new ByteArrayOutputStream(), 14);
        garbage.receive();
        assertTrue(garbage.hasBufferedCommand(), "a malformed header is reported by receive, without waiting");
        assertThrows(FrameException.class, garbage::receive);
    }
}
