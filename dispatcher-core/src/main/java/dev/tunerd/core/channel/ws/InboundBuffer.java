package dev.tunerd.core.channel.ws;

import dev.tunerd.protocol.Command;
import dev.tunerd.protocol.FrameException;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The hand-off from the Netty I/O thread to the dispatcher's reader thread. The I/O thread never blocks here: {@link
 * #offer} always accepts and reports when the reader has fallen more than the budget behind, so that the I/O thread
 * can stop reading the socket; {@link #take} tells the I/O side (through the resume action) when to start again.
 *
 * <p>Thread-safe: one producer (the I/O thread), one consumer (the reader), and {@link #closeNow} from any thread.
 */
final class InboundBuffer {

    private sealed interface End permits Eof, Failure {
    }

    private record Eof() implements End {
    }

    private record Failure(Exception cause) implements End {
    }

    private record Item(Command command, int bytes) {
    }

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final ArrayDeque<Item> items = new ArrayDeque<>();
    private final int maxMessages;
    private final long maxBytes;
    private final Runnable resumeReading;
    private long bytes;
    private End end;
    private boolean paused;

    InboundBuffer(int maxMessages, long maxBytes, Runnable resumeReading) {
        this.maxMessages = maxMessages;
        this.maxBytes = maxBytes;
        this.resumeReading = resumeReading;
    }

    /**
     * Appends a command; never blocks. Ignored after the end was reached.
     *
     * @return true when the reader is now over budget and the caller should pause reading (the buffer then counts as
     *     paused until the reader has taken it back under half the budget, when it runs the resume action)
     */
    boolean offer(Command command, int size) {
        lock.lock();
        try {
            if (end != null) {
                return false;
            }
            items.add(new Item(command, size));
            bytes += size;
            changed.signalAll();
            if (!paused && (items.size() >= maxMessages || bytes >= maxBytes)) {
                paused = true;
                return true;
            }
            return false;
        } finally {
            lock.unlock();
        }
    }

    /** True while reading should stay paused; a new connection starts reading only when this is false. */
    boolean paused() {
        lock.lock();
        try {
            return paused;
        } finally {
            lock.unlock();
        }
    }

    /** End of stream after the commands already buffered (the manager's {@code _bye_}). */
    void endOfStream() {
        finish(new Eof(), false);
    }

    /** The reader fails with {@code cause} after the commands already buffered. */
    void fail(Exception cause) {
        finish(new Failure(cause), false);
    }

    /** Drops what is buffered and ends the stream now; a blocked {@link #take} returns null. */
    void closeNow() {
        finish(new Eof(), true);
    }

    /**
     * The next command, blocking while there is none.
     *
     * @return the command, or null at the end of the stream (and on every call after it)
     */
    Command take() throws IOException, InterruptedException {
        boolean resume = false;
        lock.lock();
        try {
            while (items.isEmpty() && end == null) {
                changed.await();
            }
            Item item = items.poll();
            if (item == null) {
                return endResult();
            }
            bytes -= item.bytes();
            if (paused && items.size() <= maxMessages / 2 && bytes <= maxBytes / 2) {
                paused = false;
                resume = true;
            }
            return item.command();
        } finally {
            lock.unlock();
            if (resume) {
                resumeReading.run();
            }
        }
    }

    private Command endResult() throws IOException {
        if (end instanceof Failure f) {
            if (f.cause() instanceof FrameException fe) {
                throw new FrameException(fe.getMessage(), fe);
            }
            throw new IOException(f.cause().getMessage(), f.cause());
        }
        return null;
    }

    private void finish(End how, boolean dropBuffered) {
        lock.lock();
        try {
            if (dropBuffered) {
                items.clear();
                bytes = 0;
                end = how;
            } else if (end == null) {
                end = how;
            }
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }
}
