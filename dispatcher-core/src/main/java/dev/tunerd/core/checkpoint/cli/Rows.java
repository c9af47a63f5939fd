package dev.tunerd.core.checkpoint.cli;

import dev.tunerd.core.checkpoint.CheckpointSummary.Trial;
import dev.tunerd.protocol.json.PythonFloats;
import java.util.Locale;
import java.util.OptionalDouble;

/** Formats trial rows for the checkpoint commands. Stateless; thread-safe. */
final class Rows {
    static final String HEADER = String.format(Locale.ROOT, "%8s  %-12s  %-14s  %s", "ID", "TRIAL", "STATE",
        "VALUE");

    private Rows() {
    }

    static String row(Trial t) {
        return String.format(Locale.ROOT, "%8s  %-12s  %-14s  %s", t.parameterId().map(String::valueOf).orElse("-"),
            t.trialJobId().orElse("-"), t.state(), value(t.value()));
    }

    static String describe(Trial t) {
        return value(t.value()) + " (id " + t.parameterId().map(String::valueOf).orElse("-") + ", trial "
            + t.trialJobId().orElse("-") + ")";
    }

    static String value(OptionalDouble v) {
        return v.isPresent() ? PythonFloats.repr(v.getAsDouble()) : "-";
    }
}
