package dev.tunerd.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import dev.tunerd.protocol.Command;
import dev.tunerd.protocol.CommandType;
import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;

/**
 * PBT through the built daemon: a request beyond the generation ends with {@code NO} and its id arrives as an
 * unprompted {@code TR} once the generation completes; member directories lie under the experiment's checkpoint
 * directory (the default {@code all_checkpoint_dir}); and after a SIGKILL mid-generation the resumed daemon continues
 * the same generation from its journal, so the next generation's three save directories are all different.
 */
@Timeout(120)
class PbtResumeIT {
    private static final String CONFIG = "{\"trialConcurrency\": 3, \"tuner\": {\"name\": \"PBT\", \"classArgs\":"
        + " {\"population_size\": 3, \"fraction\": 0.3, \"seed\": 5}}, \"assessor\": null}";
    private static final String SPACE = "{\"lr\": {\"_type\": \"loguniform\", \"_value\": [0.0001, 0.1]}}";

    private static TunerdProcess start(Path dir, String mode) throws Exception {
        TunerdProcess p = TunerdProcess.start(CONFIG, Map.of("NNI_MODE", mode, "NNI_CHECKPOINT_DIRECTORY",
            dir.toString()));
        p.send(CommandType.INITIALIZE, SPACE);
        assertEquals(CommandType.INITIALIZED, p.reply(Duration.ofSeconds(30)).type());
        return p;
    }

    private static JsonObject trial(Command c) {
        assertEquals(CommandType.NEW_TRIAL_JOB, c.type(), c.content());
        return (JsonObject) Json.parse(c.content());
    }

    private static long id(JsonObject tr) {
        return ((JsonInt) tr.get("parameter_id")).value();
    }

    private static String dir(JsonObject tr, String key) {
        return ((JsonString) ((JsonObject) tr.get("parameters")).get(key)).value();
    }

    private static String finalMetric(long id, double value) {
        return "{\"parameter_id\": " + id + ", \"trial_job_id\": \"T" + id + "\", \"type\": \"FINAL\", \"sequence\": 0,"
            + " \"value\": \"" + value + "\"}";
    }

    private static String trialEnd(long id) {
        return "{\"trial_job_id\": \"T" + id + "\", \"event\": \"SUCCEEDED\", \"hyper_params\":"
            + " \"{\\\"parameter_id\\\": " + id + "}\"}";
    }

    @Test
    void aKilledDaemonResumesItsGenerationWithoutHandingOutADirectoryTwice() throws Exception {
        Path ckpt = Files.createTempDirectory("pbt-resume");
        List<JsonObject> gen0 = new ArrayList<>();
        try (TunerdProcess first = start(ckpt, "start")) {
            first.send(CommandType.REQUEST_TRIAL_JOBS, "3");
            for (int i = 0; i < 3; i++) {
                gen0.add(trial(first.reply()));
            }
            for (int i = 0; i < 3; i++) {
                String save = dir(gen0.get(i), "save_checkpoint_dir");
                assertEquals(ckpt.resolve(Integer.toString(i)).resolve("0").toString(), save);
                assertTrue(Files.isDirectory(Path.of(save)));
            }
            first.send(CommandType.REQUEST_TRIAL_JOBS, "1"); // beyond generation 0: owed
            Command no = first.reply();
            assertEquals(CommandType.NO_MORE_TRIAL_JOBS, no.type(), no.content());
            first.send(CommandType.REPORT_METRIC_DATA, finalMetric(0, 0.3));
            first.send(CommandType.TRIAL_END, trialEnd(0));
            first.send(CommandType.REPORT_METRIC_DATA, finalMetric(1, 0.9));
            first.send(CommandType.TRIAL_END, trialEnd(1));
            first.send(CommandType.REQUEST_TRIAL_JOBS, "1"); // a barrier: its NO comes after the results
            assertEquals(CommandType.NO_MORE_TRIAL_JOBS, first.reply().type());
            Thread.sleep(300);
            first.kill();
            first.exitCode(Duration.ofSeconds(10));
        }
        try (TunerdProcess resumed = start(ckpt, "resume")) {
            resumed.send(CommandType.IMPORT_DATA, "[{\"parameter\": " + Json.write(gen0.get(0).get("parameters")) + ", \"value\":"
                + " 0.3}, {\"parameter\": " + Json.write(gen0.get(1).get("parameters")) + ", \"value\": 0.9}]");
            resumed.send(CommandType.ADD_CUSTOMIZED_TRIAL_JOB, "[{\"parameter_id\": 2, \"parameter_source\":"
                + " \"resumed\", \"parameters\": " + Json.write(gen0.get(2).get("parameters")) + ", \"parameter_index\": 0}]");
            // the last member of generation 0 reports: generation 1 forms and the owed ids arrive unprompted
            resumed.send(CommandType.REPORT_METRIC_DATA, finalMetric(2, 0.5));
            List<JsonObject> gen1 = new ArrayList<>();
            for (Command c : resumed.drain(Duration.ofSeconds(2))) {
                gen1.add(trial(c));
            }
            resumed.send(CommandType.REQUEST_TRIAL_JOBS, "3");
            List<JsonObject> unprompted = List.copyOf(gen1);
            while (gen1.size() < 3) {
                Command c = resumed.reply();
                assertEquals(CommandType.NEW_TRIAL_JOB, c.type(), "after " + unprompted + ": " + c + "\n"
                    + resumed.stderr());
                gen1.add(trial(c));
            }
            Command no = resumed.reply();
            assertEquals(CommandType.NO_MORE_TRIAL_JOBS, no.type(), "generation 1 has three members: " + no);
            Set<Long> ids = new HashSet<>();
            Set<String> saves = new HashSet<>();
            for (JsonObject tr : gen1) {
                assertTrue(ids.add(id(tr)), "id issued twice: " + gen1);
                assertTrue(id(tr) >= 3, "an id of generation 0 issued again: " + tr);
                String save = dir(tr, "save_checkpoint_dir");
                assertTrue(saves.add(save), "save directory handed out twice: " + gen1);
                assertTrue(Path.of(save).startsWith(ckpt) && save.endsWith("1"), save);
            }
            // the worst member (id 0, 0.3) continues from the best member's (id 1) checkpoint
            String bestSave = dir(gen0.get(1), "save_checkpoint_dir");
            long fromBest = gen1.stream().filter(tr -> dir(tr, "load_checkpoint_dir").equals(bestSave)).count();
            assertEquals(2, fromBest, "the best member itself and the worst one load the best checkpoint: " + gen1);
            assertTrue(resumed.stderr().contains("checkpoint: resuming with"), resumed.stderr());
        }
    }
}
