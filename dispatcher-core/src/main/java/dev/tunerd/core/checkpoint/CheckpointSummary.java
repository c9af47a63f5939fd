package dev.tunerd.core.checkpoint;

import dev.tunerd.spi.Metrics;
import dev.tunerd.spi.OptimizeMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * What the checkpoint tools show about a {@link RecoveredState}: one row per trial with its state, and the best
 * result. Immutable and thread-safe.
 *
 * @param trials       issued parameter ids in issue order, then trials known only by their trial id (customized)
 * @param best         the best trial with a finite scalar result under {@code mode}
 * @param mode         the optimize mode used for {@code best}
 * @param modeAssumed  true when the checkpoint does not know the mode and {@code maximize} was assumed
 */
public record CheckpointSummary(List<Trial> trials, Optional<Trial> best, OptimizeMode mode, boolean modeAssumed) {

    /** One trial: its state is the {@code EN} event when it ended, else RESULT when a final result came, else ISSUED. */
    public record Trial(Optional<Long> parameterId, Optional<String> trialJobId, String state, OptionalDouble value) {
    }

    public CheckpointSummary {
        trials = List.copyOf(trials);
    }

    /** Summarises {@code s}; {@code override} replaces the checkpoint's own optimize mode. */
    public static CheckpointSummary of(RecoveredState s, Optional<OptimizeMode> override) {
        Map<Object, Builder> rows = new LinkedHashMap<>();
        s.issuedParameters().keySet().forEach(id -> rows.put(id, new Builder(Optional.of(id))));
        for (RecordedResult r : s.results()) {
            Builder b = rows.computeIfAbsent(r.parameterId(), id -> new Builder(Optional.of(r.parameterId())));
            b.trial = r.trialJobId().or(() -> b.trial);
            b.value = scalar(r);
        }
        for (EndedTrial e : s.endedTrials()) {
            Object key = e.parameterId().<Object>map(id -> id).orElse(e.trialJobId());
            Builder b = rows.computeIfAbsent(key, k -> new Builder(e.parameterId()));
            b.trial = Optional.of(e.trialJobId());
            b.event = Optional.of(e.event());
        }
        Optional<OptimizeMode> known = override.or(() -> s.info().optimizeMode());
        OptimizeMode mode = known.orElse(OptimizeMode.MAXIMIZE);
        List<Trial> trials = new ArrayList<>();
        rows.values().forEach(b -> trials.add(b.build()));
        Optional<Trial> best = trials.stream().filter(t -> t.value().isPresent())
            .max((a, b) -> Double.compare(mode.toGain(a.value().getAsDouble()), mode.toGain(b.value().getAsDouble())));
        return new CheckpointSummary(trials, best, mode, known.isEmpty());
    }

    private static OptionalDouble scalar(RecordedResult r) {
        try {
            double v = Metrics.scalar(r.value());
            return Double.isFinite(v) ? OptionalDouble.of(v) : OptionalDouble.empty();
        } catch (IllegalArgumentException e) {
            return OptionalDouble.empty();
        }
    }

    private static final class Builder {
        final Optional<Long> id;
        Optional<String> trial = Optional.empty();
        Optional<String> event = Optional.empty();
        OptionalDouble value = OptionalDouble.empty();

        Builder(Optional<Long> id) {
            this.id = id;
        }

        Trial build() {
            String state = event.orElse(value.isPresent() ? "RESULT" : "ISSUED");
            return new Trial(id, trial, state, value);
        }
    }
}
