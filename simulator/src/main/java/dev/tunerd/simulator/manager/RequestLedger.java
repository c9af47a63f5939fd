package dev.tunerd.simulator.manager;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;

/**
 * Which trial requests (GE) are still unanswered, from the ids the dispatcher allocates: NNI numbers the ids of
 * a {@code GE n} consecutively from its counter, answers with TRs in order and closes a short batch with one
 * {@code NO} carrying the batch's first id. That gives, per GE, when it was sent (for the GE-to-TR latency) and how
 * many trials are still owed. Not thread-safe: owned by the manager loop.
 */
final class RequestLedger {

    private static final class Batch {
        final long firstId;
        final int count;
        final long sentNanos;
        int answered;

        Batch(long firstId, int count, long sentNanos) {
            this.firstId = firstId;
            this.count = count;
            this.sentNanos = sentNanos;
        }
    }

    private final Deque<Batch> open = new ArrayDeque<>();
    private long nextId;
    private long lastSentNanos;

    /** Records a {@code GE count} sent at {@code nanos}. */
    void requested(int count, long nanos) {
        open.addLast(new Batch(nextId, count, nanos));
        nextId += count;
        lastSentNanos = nanos;
    }

    /** Records a TR for {@code id}; returns when its GE was sent (the latest GE when the id is not one asked for). */
    long answered(long id) {
        for (Iterator<Batch> it = open.iterator(); it.hasNext(); ) {
            Batch b = it.next();
            if (id >= b.firstId && id < b.firstId + b.count) {
                if (++b.answered == b.count) {
                    it.remove();
                }
                return b.sentNanos;
            }
        }
        return lastSentNanos;
    }

    /** Records a NO: the batch starting at {@code firstId} produces nothing more. */
    void noMore(long firstId) {
        open.removeIf(b -> b.firstId == firstId);
    }

    /** Trials requested and neither delivered nor refused yet. */
    int outstanding() {
        int n = 0;
        for (Batch b : open) {
            n += b.count - b.answered;
        }
        return n;
    }
}
