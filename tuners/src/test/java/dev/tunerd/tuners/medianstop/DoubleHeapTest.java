package dev.tunerd.tuners.medianstop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Collections;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DoubleHeapTest {

    private static final double[] SPECIAL = {Double.NaN, -0.0, 0.0, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY};

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void behavesAsAPriorityQueueOfDoubles(boolean maxOnTop) {
        SplittableRandom rng = new SplittableRandom(maxOnTop ? 1 : 2);
        DoubleHeap heap = new DoubleHeap(maxOnTop);
        PriorityQueue<Double> reference = maxOnTop ? new PriorityQueue<>(Collections.reverseOrder())
            : new PriorityQueue<>();
        for (int i = 0; i < 20_000; i++) {
            int op = rng.nextInt(10);
            double v = rng.nextInt(20) == 0 ? SPECIAL[rng.nextInt(SPECIAL.length)] : rng.nextInt(100) / 8.0;
            if (op < 5) {
                heap.add(v);
                reference.add(v);
            } else if (op < 8 && !reference.isEmpty()) {
                assertEquals(reference.poll(), heap.poll());
            } else {
                assertEquals(reference.remove(v), heap.remove(v), "remove " + v);
            }
            assertEquals(reference.size(), heap.size());
            if (!reference.isEmpty()) {
                assertEquals(reference.peek(), heap.peek());
            }
        }
    }
}
