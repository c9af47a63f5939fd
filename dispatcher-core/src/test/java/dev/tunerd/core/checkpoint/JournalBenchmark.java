package dev.tunerd.core.checkpoint;

import dev.tunerd.core.dispatch.DispatchObserver;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Timing harness (not a unit test) for the journal's cost per observer call, with and without a checkpoint.
 * Usage: {@code java -cp <test classpath> dev.tunerd.core.checkpoint.JournalBenchmark [DIR] [N]}; DIR is where the
 * checkpoint goes (default: a temp directory; choose the disk the experiments live on), N the records per kind.
 */
public final class JournalBenchmark {
    private JournalBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path base = args.length > 0 ? Path.of(args[0]) : Files.createTempDirectory("tunerd-bench");
        int n = args.length > 1 ? Integer.parseInt(args[1]) : 2000;
        Path dir = Files.createTempDirectory(Files.createDirectories(base), "ckpt");
        System.out.printf(Locale.ROOT, "checkpoint in %s, %d records per kind%n", dir, n);
        for (int warm = 0; warm < 2; warm++) {
            measure("no checkpoint (DispatchObserver.NONE)", DispatchObserver.NONE, null, n);
        }
        CheckpointRecorder r = CheckpointRecorder.open(CheckpointSettings.of(dir, CheckpointMode.REQUIRED,
            ScriptedExperiment.INFO), RecoveredState.empty(), ExistingFiles.SET_ASIDE);
        measure("journal (default)", r, r, n);
        r.close();
        Path strict = Files.createTempDirectory(base, "ckpt-strict");
        CheckpointRecorder every = CheckpointRecorder.open(CheckpointSettings.of(strict, CheckpointMode.REQUIRED,
            ScriptedExperiment.INFO).withMaxUnforcedMillis(0), RecoveredState.empty(), ExistingFiles.SET_ASIDE);
        measure("journal (maxUnforcedMillis 0)", every, every, n / 4);
        every.close();
        long t0 = System.nanoTime();
        RecoveredState s = CheckpointReader.read(dir);
        double ms = (System.nanoTime() - t0) / 1e6;
        System.out.printf(Locale.ROOT, "recovery of %d issued + %d results + %d ends: %.1f ms%n",
            s.issuedParameters().size(), s.results().size(), s.endedTrials().size(), ms);
    }

    private static void measure(String label, DispatchObserver o, CheckpointRecorder r, int n) {
        long base = r == null ? 0 : r.currentState().nextParameterId();
        long t0 = System.nanoTime();
        for (long i = base; i < base + n; i++) {
            o.parametersIssued(i, ScriptedExperiment.params(i));
        }
        long t1 = System.nanoTime();
        for (long i = base; i < base + n; i++) {
            o.finalResultReceived(i, "T" + i, JsonObject.builder().put("default", i / 7.0).put("loss", 0.5).build());
        }
        long t2 = System.nanoTime();
        for (long i = base; i < base + n; i++) {
            o.trialEnded("T" + i, i, "SUCCEEDED");
        }
        long t3 = System.nanoTime();
        for (long i = base; i < base + n; i++) {
            o.idsReserved(i + 1);
        }
        long t4 = System.nanoTime();
        report(label, "parametersIssued (always forced)", t1 - t0, n);
        report(label, "finalResultReceived", t2 - t1, n);
        report(label, "trialEnded", t3 - t2, n);
        report(label, "idsReserved", t4 - t3, n);
        if (r != null) {
            r.algorithmStateSaved(AlgorithmRole.TUNER, JsonFloat.of(1.0));
        }
    }

    private static void report(String label, String what, long nanos, int n) {
        System.out.printf(Locale.ROOT, "%-38s %-32s %10.0f records/s %9.1f us/record%n", label, what,
            n / (nanos / 1e9), nanos / 1e3 / n);
    }
}
