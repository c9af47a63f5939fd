package dev.tunerd.core.channel.ws;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.Command;
import dev.tunerd.protocol.CommandType;
import dev.tunerd.protocol.FrameException;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 10, unit = TimeUnit.SECONDS)
class InboundBufferTest {

    private final AtomicInteger resumed = new AtomicInteger();
    private final InboundBuffer buffer = new InboundBuffer(4, 1000, resumed::incrementAndGet);

    @Test
    void asksToPauseOnceOverTheMessageBudgetAndResumesAtHalf() throws Exception {
        assertFalse(buffer.offer(ge(1), 10));
        assertFalse(buffer.offer(ge(2), 10));
        assertFalse(buffer.offer(ge(3), 10));
        assertTrue(buffer.offer(ge(4), 10), "4 messages: pause");
        assertFalse(buffer.offer(ge(5), 10), "already paused: asked once");
        assertTrue(buffer.paused());
        assertEquals(ge(1), buffer.take());
        assertEquals(ge(2), buffer.take());
        assertEquals(0, resumed.get(), "3 left, over half of 4");
        assertEquals(ge(3), buffer.take());
        assertEquals(1, resumed.get());
        assertFalse(buffer.paused());
        assertEquals(ge(4), buffer.take());
        assertEquals(ge(5), buffer.take());
        assertEquals(1, resumed.get());
    }

    @Test
    void byteBudgetPausesToo() throws Exception {
        assertTrue(buffer.offer(ge(1), 1000));
        assertEquals(ge(1), buffer.take());
        assertEquals(1, resumed.get());
    }

    @Test
    void takeWaitsForAnOffer() throws Exception {
        CompletableFuture<Command> taken = CompletableFuture.supplyAsync(() -> {
            try {
                return buffer.take();
            } catch (IOException | InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        Thread.sleep(100);
        assertFalse(taken.isDone());
        buffer.offer(ge(7), 1);
        assertEquals(ge(7), taken.get(5, TimeUnit.SECONDS));
    }

    @Test
    void endOfStreamComesAfterTheBufferedCommandsAndStays() throws Exception {
        buffer.offer(ge(1), 1);
        buffer.endOfStream();
        buffer.offer(ge(2), 1);
        assertEquals(ge(1), buffer.take());
        assertNull(buffer.take());
        assertNull(buffer.take());
    }

    @Test
    void failureComesAfterTheBufferedCommandsWithItsMessage() throws Exception {
        buffer.offer(ge(1), 1);
        buffer.fail(new FrameException("bad message"));
        assertEquals(ge(1), buffer.take());
        FrameException e = assertThrows(FrameException.class, buffer::take);
        assertEquals("bad message", e.getMessage());
        assertThrows(FrameException.class, buffer::take);
    }

    @Test
    void ioFailureIsAnIoException() {
        IOException cause = new IOException("could not reconnect");
        buffer.fail(cause);
        IOException e = assertThrows(IOException.class, buffer::take);
        assertEquals("could not reconnect", e.getMessage());
        assertSame(cause, e.getCause());
    }

    @Test
    void closeNowDropsWhatIsBufferedAndWakesTheReader() throws Exception {
        buffer.offer(ge(1), 1);
        buffer.fail(new IOException("x"));
        buffer.closeNow();
        assertNull(buffer.take());
    }

    private static Command ge(int n) {
        return new Command(CommandType.REQUEST_TRIAL_JOBS, Integer.toString(n));
    }
}
