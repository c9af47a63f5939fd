package dev.tunerd.core.checkpoint;

import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonObject;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * The child JVM of {@link KillDuringWritesTest}: resumes the checkpoint in {@code args[0]} and appends issued
 * parameters and results forever, printing {@code issued N} / {@code result N} after each call returned. It is
 * killed with SIGKILL at a random moment.
 */
public final class AppendingProcess {
    private AppendingProcess() {
    }

    public static void main(String[] args) {
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        Path dir = Path.of(args[0]);
        RecoveredState recovered = CheckpointReader.read(dir);
        CheckpointSettings s = ScriptedExperiment.settings(dir, CheckpointMode.REQUIRED)
            .withRolloverBytes(Long.parseLong(args[1]));
        CheckpointRecorder r = CheckpointRecorder.open(s, recovered, ExistingFiles.SUPERSEDE);
        out.println("ready " + recovered.nextParameterId());
        for (long id = recovered.nextParameterId(); id < 10_000_000; id++) {
            r.idsReserved(id + 1);
            r.parametersIssued(id, ScriptedExperiment.params(id));
            out.println("issued " + id);
            r.finalResultReceived(id, "T" + id, JsonFloat.of(id / 7.0));
            out.println("result " + id);
            if (id % 5 == 0) {
                r.algorithmStateSaved(AlgorithmRole.TUNER, JsonObject.builder().put("upTo", id).build());
            }
        }
    }
}
