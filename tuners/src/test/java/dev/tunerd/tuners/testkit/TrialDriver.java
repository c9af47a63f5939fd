package dev.tunerd.tuners.testkit;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.ParameterSender;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.tuners.common.Rng;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Plays the dispatcher for one tuner as NNI's {@code test_builtin_tuners.py} does: requests parameter sets in
 * batches ({@code GE n}), collects those sent later through the {@link ParameterSender}, and answers each with a
 * final result (a number in [-100, 100], or {@code {"default": x, "extra": "hello"}} for odd ids) and a successful
 * trial end. Results come from a seeded generator, so two drivers with the same seed feed identical results. Not
 * thread-safe.
 */
public final class TrialDriver {
    private final List<Sent> owed = new ArrayList<>();
    private final Rng results;
    private final AlgorithmContext context;
    private long nextId;

    /** A parameter set as the dispatcher would send it in {@code TR}. */
    public record Sent(long id, JsonValue parameters) {
    }

    public TrialDriver(long resultSeed) {
        this(Rng.withSeed(resultSeed), 0);
    }

    private TrialDriver(Rng results, long nextId) {
        this.results = results;
        this.nextId = nextId;
        ParameterSender sender = (id, parameters) -> owed.add(new Sent(id, parameters));
        this.context = new AlgorithmContext(sender, Optional.empty(),
            Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC));
    }

    /** A driver continuing from this one's ids and results, with its own sender (for a restored twin). */
    public TrialDriver fork() {
        return new TrialDriver(new Rng(results.state()), nextId);
    }

    /** The context to create the tuner with (its sender feeds this driver). */
    public AlgorithmContext context() {
        return context;
    }

    /** One {@code GE n}: the sets returned plus any sent through the sender meanwhile, in that order. */
    public List<Sent> request(Tuner tuner, int n) {
        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ids.add(nextId++);
        }
        List<JsonValue> returned = tuner.generateMultipleParameters(ids);
        List<Sent> out = new ArrayList<>();
        for (int i = 0; i < returned.size(); i++) {
            out.add(new Sent(ids.get(i), returned.get(i)));
        }
        out.addAll(drainOwed());
        return out;
    }

    /** Reports a final result and a successful end for each set; returns the sets sent meanwhile. */
    public List<Sent> report(Tuner tuner, List<Sent> sets) {
        for (Sent s : sets) {
            double x = results.nextDouble(-100, 100);
            JsonValue value = s.id() % 2 == 0 ? JsonFloat.of(x)
                : JsonObject.builder().put("default", x).put("extra", "hello").build();
            tuner.receiveTrialResult(new TrialResult(s.id(), s.parameters(), value, false, Optional.empty()));
            tuner.trialEnd(s.id(), true);
        }
        return drainOwed();
    }

    private List<Sent> drainOwed() {
        List<Sent> out = new ArrayList<>(owed);
        owed.clear();
        return out;
    }
}
