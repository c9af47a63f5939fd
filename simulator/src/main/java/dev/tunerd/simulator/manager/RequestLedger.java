package dev.tunerd.simulator.manager;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Which trial requests (GE) are still unanswered, in the order they were sent: the dispatcher handles its GEs one
 * after the other, so every TR answers the oldest open request and a {@code NO} closes it. Nothing here reads the
 * {@code parameter_id}: an advisor's ids are strings ({@code "0-1_0_3"}), and a tuner that pays a refused request
 * later (Hyperband, BOHB, PBT, Evolution) sends trials no request is waiting for. A request answered {@code NO} is
 * <em>deferred</em>, not dropped: NNI's manager goes on running, and an advisor pays it with a TR once a result lets
 * it; a TR that comes while no request is open pays the oldest deferred one. Not thread-safe: owned by the manager
 * loop.
 */
final class RequestLedger {

    private static final class Batch {
        final int count;
        final long sentNanos;
        int answered;

        Batch(int count, long sentNanos) {
            this.count = count;
            this.sentNanos = sentNanos;
        }
    }

    private final Deque<Batch> open = new ArrayDeque<>();
    private final Deque<Long> deferred = new ArrayDeque<>();
    private long lastSentNanos;

    /** Records a {@code GE count} sent at {@code nanos}. */
    void requested(int count, long nanos) {
        open.addLast(new Batch(count, nanos));
        lastSentNanos = nanos;
    }

    /**
     * Records a TR: it answers the oldest open request, else pays the oldest deferred one. Returns when the request it
     * answers was sent (the latest GE for a trial nothing was waiting for).
     */
    long answered() {
        Batch b = open.peekFirst();
        if (b != null) {
            if (++b.answered == b.count) {
                open.removeFirst();
            }
            return b.sentNanos;
        }
        Long owed = deferred.pollFirst();
        return owed != null ? owed : lastSentNanos;
    }

    /**
     * Records a NO: the oldest open request gets nothing more now; what it still lacked is deferred. A NO while no
     * request is open (its request was taken by a trial paid just before it) changes nothing: that trial paid one
     * deferred request and this NO defers another.
     */
    void refused() {
        Batch b = open.pollFirst();
        if (b != null) {
            for (int i = b.answered; i < b.count; i++) {
                deferred.addLast(b.sentNanos);
            }
        }
    }

    /** Trials requested and neither delivered nor refused yet. */
    int outstanding() {
        int n = 0;
        for (Batch b : open) {
            n += b.count - b.answered;
        }
        return n;
    }

    /** Trials refused with NO and not paid yet: an advisor may still send them, once a result lets it. */
    int deferred() {
        return deferred.size();
    }
}
