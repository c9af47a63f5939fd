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
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * BENCHMARKS.md section 2: one suggestion (ask + tell) on the 6-D Hartmann space after n completed trials, for a
 * tuner found by name through {@link ServiceLoader} with its default classArgs. Every invocation is one suggestion,
 * timed on its own ({@link Mode#SampleTime}: JMH reports the mean as the score and the median as {@code p0.50}).
 *
 * <p>The history is held at n: a tuner is built with n fresh random results imported ({@code FD}), makes one
 * untimed suggestion (its first after the import, which sizes its buffers once in a real run too), and then serves
 * {@value #WINDOW} timed suggestions before the untimed set-up replaces it with a new one, so every timed suggestion
 * sees between n + 1 and n + {@value #WINDOW} completed trials. (A timed loop over one tuner would add thousands of
 * trials per iteration and measure a much larger n.) Run e.g.
 * {@code java -jar benchmarks.jar SuggestionLatency -p tuner=TPE -p history=100,1000,5000}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 10, time = 2)
@Fork(1)
public class SuggestionLatencyBenchmark {
    /** Timed suggestions per tuner before it is replaced by a fresh one with n results. */
    static final int WINDOW = 10;

    @Param({"TPE"})
    public String tuner;

    @Param({"100", "1000", "5000"})
    public int history;

    /**
     * The tuners log every import at INFO (java.util.logging here): thousands of set-ups would print thousands of
     * lines between the timed suggestions. Held in a field so that the level set on it is not collected away.
     */
    private static final java.util.logging.Logger TUNER_LOG = java.util.logging.Logger.getLogger("dev.tunerd");

    private final SplittableRandom random = new SplittableRandom(1);
    private JsonObject space;
    private Tuner instance;
    private long nextId;
    private int served;

    @Setup(Level.Trial)
    public void space() {
        TUNER_LOG.setLevel(java.util.logging.Level.WARNING);
        JsonObject.Builder b = JsonObject.builder();
        for (int i = 0; i < 6; i++) {
            b.put("x" + i, Json.parse("{\"_type\": \"uniform\", \"_value\": [0.0, 1.0]}"));
        }
        space = b.build();
    }

    /** Untimed: replaces the tuner after {@value #WINDOW} suggestions, so the history stays at n. */
    @Setup(Level.Invocation)
    public void holdHistoryAtN() throws ReflectiveOperationException, NoMoreTrialsException {
        if (instance != null && served < WINDOW) {
            return;
        }
        instance = create(tuner);
        instance.updateSearchSpace(space);
        List<ImportedTrial> past = new ArrayList<>(history);
        for (int i = 0; i < history; i++) {
            JsonObject p = point();
            past.add(new ImportedTrial(p, JsonFloat.of(Hartmann6.value(p)), Optional.empty()));
        }
        instance.importData(past);
        nextId = 0;
        askAndTell();
        served = 0;
    }

    @Benchmark
    public JsonValue askAndTell() throws NoMoreTrialsException {
        long id = nextId++;
        JsonValue p = instance.generateParameters(id);
        instance.receiveTrialResult(new TrialResult(id, p, JsonFloat.of(Hartmann6.value((JsonObject) p)), false,
            Optional.empty()));
        instance.trialEnd(id, true);
        served++;
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
