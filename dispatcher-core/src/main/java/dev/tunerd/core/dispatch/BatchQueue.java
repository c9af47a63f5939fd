package dev.tunerd.core.dispatch;

import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A bounded FIFO queue for one producer and one consumer that moves elements in batches under one lock acquisition
 * each way: {@link #putAll} adds a whole batch (waiting for room while full) and wakes the consumer once, when it
 * releases the lock; {@link #takeAll} waits for at least one element and takes everything there is. Put in place of
 * an {@code ArrayBlockingQueue}, whose one-element {@code offer} woke the consumer for the first element of a batch, so
 * it took one or two, found the queue empty and parked again, once every few commands. Thread-safe.
 *
 * @param <E> the element type
 */
final class BatchQueue<E> {

    private final int capacity;
    private final ArrayDeque<E> elements = new ArrayDeque<>();
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition notEmpty = lock.newCondition();
    private final Condition notFull = lock.newCondition();

    BatchQueue(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1, got " + capacity);
        }
        this.capacity = capacity;
    }

    /** The most elements the queue holds. */
    int capacity() {
        return capacity;
    }

    /**
     * Appends {@code batch} in order, waiting while the queue is full (never drops).
     *
     * @return how many times it had to wait for room
     */
    int putAll(List<E> batch) throws InterruptedException {
        int waits = 0;
        int next = 0;
        lock.lockInterruptibly();
        try {
            while (next < batch.size()) {
                if (elements.size() >= capacity) {
                    waits++;
                    notEmpty.signal(); // what is in already may be taken while we wait
                    notFull.await();
                    continue;
                }
                elements.addLast(batch.get(next++));
            }
            notEmpty.signal();
        } finally {
            lock.unlock();
        }
        return waits;
    }

    /** Waits for at least one element, then moves up to {@code max} into {@code into}, oldest first. */
    void takeAll(List<E> into, int max) throws InterruptedException {
        lock.lockInterruptibly();
        try {
            while (elements.isEmpty()) {
                notEmpty.await();
            }
            for (int i = 0; i < max && !elements.isEmpty(); i++) {
                into.add(elements.pollFirst());
            }
            notFull.signal();
        } finally {
            lock.unlock();
        }
    }

    /** Drops everything queued and puts {@code last} in, even beyond the capacity (the stop pill). */
    void replaceAllWith(E last) {
        lock.lock();
        try {
            elements.clear();
            elements.addLast(last);
            notEmpty.signal();
            notFull.signalAll();
        } finally {
            lock.unlock();
        }
    }

    int size() {
        lock.lock();
        try {
            return elements.size();
        } finally {
            lock.unlock();
        }
    }
}
