package dev.tunerd.benchmarks;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.ImportedTrial;
import dev.tunerd.spi.NoMoreTrialsException;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.TunerProvider;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * BENCHMARKS.md section 2: one suggestion (ask + tell) on the 6-D Hartmann space after n completed trials, for a
 * tuner found by name through {@link ServiceLoader} with its default classArgs. Every iteration starts from a new
 * tuner with n trials imported ({@code FD}) and times one batch of {@value #BATCH} suggestions, so the history stays
 * between n and n + {@value #BATCH} (a timed loop would add thousands of trials per iteration and measure a much
 * larger n). The score is the mean time of one suggestion. Run e.g.
 * {@code java -jar benchmarks.jar SuggestionLatency -p tuner=TPE -p history=100,1000,5000}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 40)
@Measurement(iterations = 60)
@Fork(1)
public class SuggestionLatencyBenchmark {

    @Param({"TPE"})
    public String tuner;

    @Param({"100", "1000", "5000"})
    public int history;

    private final SplittableRandom random = new SplittableRandom(1);
    private Tuner instance;
    private long nextId;

    @Setup(Level.Iteration)
    public void setUp() throws ReflectiveOperationException {
        instance = create(tuner);
        JsonObject.Builder space = JsonObject.builder();
        for (int i = 0; i < 6; i++) {
            space.put("x" + i, Json.parse("{\"_type\": \"uniform\", \"_value\": [0.0, 1.0]}"));
        }
        instance.updateSearchSpace(space.build());
        List<ImportedTrial> past = new ArrayList<>(history);
        for (int i = 0; i < history; i++) {
            JsonObject p = point();
            past.add(new ImportedTrial(p, JsonFloat.of(Hartmann6.value(p)), Optional.empty()));
        }
        instance.importData(past);
        nextId = 0;
    }

    static final int BATCH = 50;

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public JsonValue askAndTell() throws NoMoreTrialsException {
        JsonValue p = null;
        for (int i = 0; i < BATCH; i++) {
            long id = nextId++;
            p = instance.generateParameters(id);
            instance.receiveTrialResult(new TrialResult(id, p, JsonFloat.of(Hartmann6.value((JsonObject) p)), false,
                Optional.empty()));
            instance.trialEnd(id, true);
        }
        return p;
    }

    private JsonObject point() {
        JsonObject.Builder b = JsonObject.builder();
        for (int i = 0; i < 6; i++) {
            b.put("x" + i, JsonFloat.of(random.nextDouble()));
        }
        return b.build();
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    static Tuner create(String name) throws ReflectiveOperationException {
        for (TunerProvider provider : ServiceLoader.load(TunerProvider.class)) {
            if (provider.name().equalsIgnoreCase(name)) {
                return (Tuner) provider.create(AlgorithmContext.standalone(), defaults(provider.argsType()));
            }
        }
        throw new IllegalArgumentException("no tuner named " + name + " on the class path");
    }

    /** The classArgs record with every component left out, so that its constructor applies the defaults. */
    static Record defaults(Class<? extends Record> type) throws ReflectiveOperationException {
        RecordComponent[] components = type.getRecordComponents();
        Class<?>[] types = new Class<?>[components.length];
        Object[] values = new Object[components.length];
        for (int i = 0; i < components.length; i++) {
            types[i] = components[i].getType();
            values[i] = !types[i].isPrimitive() ? null : types[i] == boolean.class ? (Object) false
                : types[i] == double.class ? (Object) 0.0 : types[i] == long.class ? (Object) 0L
                : types[i] == float.class ? (Object) 0f : (Object) 0;
        }
        Constructor<? extends Record> c = type.getDeclaredConstructor(types);
        c.setAccessible(true);
        return c.newInstance(values);
    }
}
