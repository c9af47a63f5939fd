package dev.tunerd.benchmarks;

import dev.tunerd.protocol.Command;
import dev.tunerd.protocol.CommandType;
import dev.tunerd.protocol.FrameDecoder;
import dev.tunerd.protocol.FrameEncoder;
import dev.tunerd.protocol.FrameFormat;
import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/** Frame codec cost per frame, on a typical intermediate-metric ME frame (the bulk of the section 3 stream). */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class CodecBenchmark {

    private final FrameEncoder encoder = new FrameEncoder(FrameFormat.DEFAULT);
    private Command metric;
    private byte[] frame;

    @Setup
    public void setUp() {
        metric = new Command(CommandType.REPORT_METRIC_DATA, Payloads.ME);
        frame = encoder.encode(metric);
    }

    @Benchmark
    public byte[] encodeMetricFrame() {
        return encoder.encode(metric);
    }

    @Benchmark
    public Command decodeMetricFrame() {
        return new FrameDecoder(FrameFormat.DEFAULT).decode(ByteBuffer.wrap(frame));
    }
}
