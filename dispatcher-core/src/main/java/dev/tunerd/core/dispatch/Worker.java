package dev.tunerd.core.dispatch;

import dev.tunerd.protocol.command.InboundCommand;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
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
 * <p>Hand-off in batches: {@link #enqueue} only collects commands on the reader's side; {@link #publish} puts them
 * into the {@link BatchQueue} under one lock, and the worker takes everything there is at once. The reader publishes whenever its channel has
 * no further command buffered (so nothing waits for the manager's next bytes) and every {@link #BATCH} commands.
 * Without it, a worker faster than the reader parked and was woken once per command (a futex pair and two context
 * switches per command, a third of the daemon's CPU during the section 3 stream).
 *
 * <p>The replies to a batch can be held and written together after it ({@code heldReplies}): the assessor worker does,
 * so Medianstop's kill orders during a long stream (7,000 in the section 3 benchmark) cost a write per batch, and
 * the manager a wake-up per batch, not per order.
 *
 * <p>Thread-safe: {@link #enqueue} and {@link #publish} from the reader (and nothing else), {@link #stop} from the
 * thread ending the daemon.
 */
final class Worker {

    private static final Logger LOG = LoggerFactory.getLogger(Worker.class);

    /** A queue element: a command, a barrier ({@code reached != null}), or the stop pill (neither). */
    private record Item(InboundCommand command, CountDownLatch reached) {
    }

    private static final Item STOP = new Item(null, null);

    /** Most commands collected before they are published. */
    static final int BATCH = 256;

    private final String queueName;
    private final BatchQueue<Item> queue;
    private final Thread thread;
    private final ReplySink heldReplies; // null: replies go out as they are sent
    private final List<Item> pending = new ArrayList<>(); // reader thread only
    private long fullWaits; // reader thread only
    private volatile boolean stopped; // taken commands not yet handled are dropped too

    /**
     * @param heldReplies the sink whose replies this worker holds for each batch ({@link ReplySink#hold}), or null
     *                    to send each reply as it comes
     */
    Worker(String threadName, String queueName, int capacity, Consumer<InboundCommand> handler,
           BiConsumer<InboundCommand, Throwable> onFailure, ReplySink heldReplies) {
        this.queueName = queueName;
        this.heldReplies = heldReplies;
        this.queue = new BatchQueue<>(capacity);
        this.thread = new Thread(() -> run(handler, onFailure), threadName);
        this.thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    /** Collects a command for the next {@link #publish}; true when {@link #BATCH} are waiting (publish now). */
    boolean enqueue(InboundCommand command) {
        pending.add(new Item(command, null));
        return pending.size() >= BATCH;
    }

    /**
     * Publishes what was collected followed by a barrier, and returns the latch the worker counts down when it
     * reaches the barrier: every command before it has then been handled, and its replies written (a worker that
     * holds replies writes them before it counts down). Reader thread.
     */
    CountDownLatch publishWithBarrier() throws InterruptedException {
        CountDownLatch reached = new CountDownLatch(1);
        pending.add(new Item(null, reached));
        publish();
        return reached;
    }

    /** Puts the collected commands into the queue; blocks while it is full (backpressure on the reader). */
    void publish() throws InterruptedException {
        if (pending.isEmpty()) {
            return;
        }
        int waits = queue.putAll(pending);
        pending.clear();
        for (int i = 0; i < waits; i++) {
            fullWaits++;
            if (Long.toString(fullWaits).matches("10*")) { // 1st, 10th, 100th, ... time: a trend, not a flood
                LOG.warn("{} queue was full ({} commands); the reader waited (wait number {})", queueName,
                    queue.capacity(), fullWaits);
            }
        }
    }

    /** Drops queued commands and tells the worker to end after the command it is handling. */
    void stop() {
        stopped = true;
        queue.replaceAllWith(STOP);
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
        List<Item> taken = new ArrayList<>(BATCH);
        try {
            while (true) {
                queue.takeAll(taken, BATCH);
                if (!handleBatch(taken, handler, onFailure)) {
                    return;
                }
                taken.clear();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // nobody interrupts workers; end quietly if someone does
        }
    }

    /**
     * Handles one batch, its replies held when this worker holds them and released after it (also when the worker
     * ends within it: replies to commands handled before the end still go out, before the ER of a failure). False
     * when the worker must end.
     */
    private boolean handleBatch(List<Item> taken, Consumer<InboundCommand> handler,
                                BiConsumer<InboundCommand, Throwable> onFailure) {
        if (heldReplies != null) {
            heldReplies.hold();
        }
        InboundCommand current = null;
        Throwable failure = null;
        boolean goOn = true;
        for (Item item : taken) {
            if (item == STOP || stopped) {
                goOn = false;
                break;
            }
            if (item.reached() != null) {
                if (heldReplies != null) {
                    try { // the replies to the commands before a barrier are written when it is reached
                        heldReplies.release();
                        heldReplies.hold();
                    } catch (RuntimeException e) { // the channel failed: the barrier is never reached
                        failure = e;
                        break;
                    }
                }
                item.reached().countDown();
                continue;
            }
            current = item.command();
            try {
                handler.accept(current);
            } catch (RuntimeException | Error e) {
                failure = e;
                break;
            }
        }
        if (heldReplies != null) {
            try {
                heldReplies.release();
            } catch (RuntimeException e) { // the channel failed: that ends the worker, unless a failure already does
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        if (failure != null) {
            onFailure.accept(current, failure);
            return false;
        }
        return goOn;
    }
}
