package dev.tunerd.core.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class BatchQueueTest {

    @Test
    void batchesKeepTheirOrderAndTakeAllRespectsItsLimit() throws InterruptedException {
        BatchQueue<Integer> q = new BatchQueue<>(10);
        assertEquals(0, q.putAll(List.of(1, 2, 3)));
        assertEquals(0, q.putAll(List.of(4, 5)));
        List<Integer> taken = new ArrayList<>();
        q.takeAll(taken, 4);
        assertEquals(List.of(1, 2, 3, 4), taken);
        q.takeAll(taken, 4);
        assertEquals(List.of(1, 2, 3, 4, 5), taken);
        assertEquals(0, q.size());
    }

    @Test
    void aBatchLargerThanTheRoomWaitsForTheConsumerAndNothingIsDropped() throws Exception {
        BatchQueue<Integer> q = new BatchQueue<>(3);
        List<Integer> all = IntStream.range(0, 1000).boxed().toList();
        List<Integer> consumed = new ArrayList<>();
        Thread consumer = new Thread(() -> {
            try {
                while (consumed.size() < all.size()) {
                    q.takeAll(consumed, 2);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        consumer.start();
        AtomicInteger waits = new AtomicInteger();
        for (int from = 0; from < all.size(); from += 100) {
            waits.addAndGet(q.putAll(all.subList(from, from + 100)));
        }
        consumer.join(10_000);
        assertEquals(all, consumed);
        assertTrue(waits.get() > 0, "a capacity of 3 made the producer wait");
    }

    @Test
    void theStopPillReplacesEverythingEvenWhenFull() throws InterruptedException {
        BatchQueue<Integer> q = new BatchQueue<>(2);
        q.putAll(List.of(1, 2));
        q.replaceAllWith(-1);
        List<Integer> taken = new ArrayList<>();
        q.takeAll(taken, 10);
        assertEquals(List.of(-1), taken);
        assertThrows(IllegalArgumentException.class, () -> new BatchQueue<Integer>(0));
    }
}
