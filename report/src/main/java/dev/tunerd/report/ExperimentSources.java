package dev.tunerd.report;

import dev.tunerd.spi.OptimizeMode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Turns what the user named into an {@link Experiment}: a {@code trials.jsonl} file (or a {@code tunerd simulate}
 * output directory holding one), a checkpoint (the directory holding {@code tunerd/}, the {@code tunerd/} folder
 * itself, or an NNI experiment directory holding {@code checkpoint/tunerd/}), or an experiments directory plus an
 * experiment id. Anything else is an {@link IllegalArgumentException} saying what was looked for. Stateless.
 */
public final class ExperimentSources {

    private ExperimentSources() {
    }

    /**
     * Reads the experiment.
     *
     * @param source       the path the user gave
     * @param experimentId an experiment id under {@code source}, or empty
     * @param optimize     the optimize mode to use instead of the source's own
     */
    public static Experiment read(Path source, Optional<String> experimentId, Optional<OptimizeMode> optimize)
            throws IOException {
        Path path = source;
        if (experimentId.isPresent()) {
            String id = experimentId.get();
            if (id.isEmpty() || id.contains("/") || id.contains("\\") || id.equals("..") || id.equals(".")) {
                throw new IllegalArgumentException("experiment id must be a plain directory name, got '" + id + "'");
            }
            path = source.resolve(id);
            if (!Files.isDirectory(path)) {
                throw new IllegalArgumentException("no experiment " + id + " under " + source);
            }
        }
        if (!Files.exists(path)) {
            throw new IllegalArgumentException(path + " does not exist");
        }
        if (Files.isRegularFile(path)) {
            return withMode(TrialsJsonlSource.read(path), optimize);
        }
        Optional<Path> checkpoint = CheckpointSource.checkpointDirectory(path);
        if (checkpoint.isPresent()) {
            return CheckpointSource.read(checkpoint.get(), optimize);
        }
        Path jsonl = path.resolve("trials.jsonl");
        if (Files.isRegularFile(jsonl)) {
            return withMode(TrialsJsonlSource.read(jsonl), optimize);
        }
        throw new IllegalArgumentException(path + " holds no tunerd checkpoint (tunerd/ or checkpoint/tunerd/) and "
            + "no trials.jsonl; give a checkpoint directory, an NNI experiment directory, a trials.jsonl, or an "
            + "experiments directory and an experiment id");
    }

    private static Experiment withMode(Experiment e, Optional<OptimizeMode> optimize) {
        return optimize.map(m -> new Experiment(e.title(), e.source(), m == OptimizeMode.MINIMIZE, e.trials(),
            e.notes())).orElse(e);
    }
}
