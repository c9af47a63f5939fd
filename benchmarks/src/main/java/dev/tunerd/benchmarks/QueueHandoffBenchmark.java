package dev.tunerd.benchmarks;

import dev.tunerd.protocol.Command;
import dev.tunerd.protocol.CommandType;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The reader-to-worker hand-off: one producer thread puts commands into a bounded {@link ArrayBlockingQueue}, one
 * consumer takes them (the shape of the daemon's reader and a worker). Throughput of each side in operations per
 * microsecond; the queue is drained between iterations so a faster side cannot block forever.
 */
@State(Scope.Group)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class QueueHandoffBenchmark {

    private static final Command ME = new Command(CommandType.REPORT_METRIC_DATA, Payloads.ME);

    private final BlockingQueue<Command> queue = new ArrayBlockingQueue<>(1024);

    @Benchmark
    @Group("handoff")
    @GroupThreads(1)
    public boolean put() throws InterruptedException {
        return queue.offer(ME, 10, TimeUnit.MILLISECONDS);
    }

    @Benchmark
    @Group("handoff")
    @GroupThreads(1)
    public Command take() throws InterruptedException {
        return queue.poll(10, TimeUnit.MILLISECONDS);
    }

    @TearDown(Level.Iteration)
    public void drain() {
        queue.clear();
    }
}
