package dev.tunerd.core.dispatch;

import dev.tunerd.protocol.command.InboundCommand;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One worker thread draining one bounded queue (default or assessor). It takes a command, runs the handler, and
 * repeats until it takes the stop pill ({@link #stop}: the queue is cleared first, so queued work is dropped, and
 * the command being handled finishes). A handler failure is passed to {@code onFailure} on this thread and the
 * worker ends; it never continues after an exception.
 *
 * <p>Thread-safe: {@link #enqueue} from the reader (and nothing else), {@link #stop} from the thread ending the
 * daemon.
 */
final class Worker {

    private static final Logger LOG = LoggerFactory.getLogger(Worker.class);

    /** A queue element: a command, or the stop pill ({@code command == null}). */
    private record Item(InboundCommand command) {
    }

    private static final Item STOP = new Item(null);

    private final String queueName;
    private final BlockingQueue<Item> queue;
    private final Thread thread;
    private long fullWaits; // reader thread only

    Worker(String threadName, String queueName, int capacity, Consumer<InboundCommand> handler,
           BiConsumer<InboundCommand, Throwable> onFailure) {
        this.queueName = queueName;
        this.queue = new ArrayBlockingQueue<>(capacity);
        this.thread = new Thread(() -> run(handler, onFailure), threadName);
        this.thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    /** Adds a command; blocks while the queue is full (backpressure on the reader). */
    void enqueue(InboundCommand command) throws InterruptedException {
        if (!queue.offer(new Item(command))) {
            fullWaits++;
            if (Long.toString(fullWaits).matches("10*")) { // 1st, 10th, 100th, ... time: a trend, not a flood
                LOG.warn("{} queue is full ({} commands); the reader waits (wait number {})", queueName, queue.size(),
                    fullWaits);
            }
            queue.put(new Item(command));
        }
    }

    /** Drops queued commands and tells the worker to end after the command it is handling. */
    void stop() {
        do {
            queue.clear();
        } while (!queue.offer(STOP));
    }

    /** Waits up to {@code millis} for the thread to end; true when it did. */
    boolean join(long millis) throws InterruptedException {
        thread.join(Math.max(1, millis));
        return !thread.isAlive();
    }

    int queued() {
        return queue.size();
    }

    private void run(Consumer<InboundCommand> handler, BiConsumer<InboundCommand, Throwable> onFailure) {
        try {
            for (Item item = queue.take(); item != STOP; item = queue.take()) {
                try {
                    handler.accept(item.command());
                } catch (RuntimeException | Error e) {
                    onFailure.accept(item.command(), e);
                    return;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // nobody interrupts workers; end quietly if someone does
        }
    }
}
