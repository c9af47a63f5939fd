package dev.tunerd.report;

import dev.tunerd.core.checkpoint.CheckpointLayout;
import dev.tunerd.core.checkpoint.CheckpointReader;
import dev.tunerd.core.checkpoint.CheckpointSummary;
import dev.tunerd.core.checkpoint.RecoveredState;
import dev.tunerd.core.checkpoint.TrialTimes;
import dev.tunerd.spi.OptimizeMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads an experiment from a tunerd checkpoint through the daemon's own {@link CheckpointReader} (read-only, safe on a
 * running experiment) and {@link CheckpointSummary} (the same trial rows as {@code tunerd checkpoint inspect}). The
 * journal keeps parameters, final results, trial ends and (since record version 2) when each was seen
 * ({@link TrialTimes}: a trial runs from its parameters' issue to its end); it keeps no intermediate results, so that
 * chart is left out and the page says why. Stateless.
 */
final class CheckpointSource {

    private CheckpointSource() {
    }

    /**
     * The checkpoint directory (the one holding {@code tunerd/}) that {@code path} names: itself, its parent when it
     * is the {@code tunerd/} folder, or {@code path/checkpoint} for an NNI experiment directory; empty when none.
     */
    static Optional<Path> checkpointDirectory(Path path) {
        if (path.getFileName() != null && path.getFileName().toString().equals(CheckpointLayout.ROOT)
            && path.getParent() != null && Files.isDirectory(path)) {
            return Optional.of(path.getParent());
        }
        if (Files.isDirectory(CheckpointLayout.root(path))) {
            return Optional.of(path);
        }
        Path nni = path.resolve("checkpoint");
        return Files.isDirectory(CheckpointLayout.root(nni)) ? Optional.of(nni) : Optional.empty();
    }

    private static double seconds(Instant origin, Optional<Instant> t) {
        return t.map(i -> (i.toEpochMilli() - origin.toEpochMilli()) / 1000.0).orElse(Double.NaN);
    }

    static Experiment read(Path checkpointDirectory, Optional<OptimizeMode> override) {
        RecoveredState state = CheckpointReader.read(checkpointDirectory);
        CheckpointSummary summary = CheckpointSummary.of(state, override);
        TrialTimes times = state.trialTimes();
        Instant origin = times.issued().values().stream().min(Instant::compareTo)
            .or(state::createdAt).orElse(Instant.EPOCH);
        List<ReportTrial> trials = new ArrayList<>();
        for (CheckpointSummary.Trial t : summary.trials()) {
            Optional<Instant> start = t.parameterId().flatMap(times::issuedAt);
            Optional<Instant> end = t.trialJobId().flatMap(times::endedAt)
                .or(() -> t.parameterId().flatMap(times::resultAt));
            trials.add(new ReportTrial(t.parameterId().map(String::valueOf).orElse("-"), t.trialJobId().orElse("-"),
                t.state(), t.value().isPresent() ? t.value().getAsDouble() : Double.NaN,
                t.parameterId().map(id -> state.issuedParameters().get(id)).orElse(null), seconds(origin, start),
                seconds(origin, end), new double[0]));
        }
        List<String> notes = new ArrayList<>();
        notes.add(times.isEmpty()
            ? "read from a tunerd checkpoint written before tunerd recorded times: it holds parameters, final results "
                + "and how trials ended, but no times and no intermediate results, so the charts against time and of "
                + "intermediate results are absent"
            : "read from a tunerd checkpoint: times are when the dispatcher issued each trial's parameters and saw it "
                + "end; intermediate results are not kept in the checkpoint, so their chart is absent");
        if (summary.modeAssumed()) {
            notes.add("the checkpoint does not say whether to minimize or maximize; maximize was assumed "
                + "(--optimize sets it)");
        }
        state.warnings().forEach(w -> notes.add("checkpoint warning: " + w));
        Path experimentDir = checkpointDirectory.toAbsolutePath().getParent();
        String title = (experimentDir == null || experimentDir.getFileName() == null ? checkpointDirectory
            : experimentDir.getFileName()) + " (" + state.info().tunerName().orElse("tuner unknown") + ")";
        return new Experiment(title, CheckpointLayout.root(checkpointDirectory).toAbsolutePath().toString(),
            summary.mode() == OptimizeMode.MINIMIZE, trials, notes);
    }
}
