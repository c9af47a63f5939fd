package dev.tunerd.benchmarks;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonValue;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/** JSON reading and writing (Python's formatting) per command type's content; FD is 100 imported trials. */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class JsonBenchmark {

    @Param({"IN", "GE", "ME", "EN", "FD"})
    public String command;

    private String text;
    private JsonValue parsed;

    @Setup
    public void setUp() {
        text = switch (command) {
            case "IN" -> Payloads.IN;
            case "GE" -> Payloads.GE;
            case "ME" -> Payloads.ME;
            case "EN" -> Payloads.EN;
            case "FD" -> Payloads.FD;
            default -> throw new IllegalArgumentException("unknown command " + command);
        };
        parsed = Json.parse(text);
    }

    @Benchmark
    public JsonValue parse() {
        return Json.parse(text);
    }

    @Benchmark
    public String write() {
        return Json.write(parsed);
    }
}
