package dev.tunerd.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.Command;
import dev.tunerd.protocol.CommandType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Medianstop continues with its completed curves after a SIGKILL: a hopeless trial in the resumed run is killed at
 * its fifth result, which it can only be if the completed trial of the first run is remembered (NNI's Medianstop,
 * rebuilt from FD alone, has no curves and lets it run).
 */
@Timeout(120)
class MedianstopResumeIT {

    private static final String CONFIG = "{\"trialConcurrency\": 1, \"tuner\": {\"name\": \"GridSearch\"},"
        + " \"assessor\": {\"name\": \"Medianstop\", \"classArgs\": {\"start_step\": 5}}}";
    private static final String SPACE = "{\"x\": {\"_type\": \"choice\", \"_value\": [1, 2, 3]}}";

    private static String periodical(long id, String trial, int sequence, double value) {
        return "{\"parameter_id\": " + id + ", \"trial_job_id\": \"" + trial + "\", \"type\": \"PERIODICAL\","
            + " \"sequence\": " + sequence + ", \"value\": \"" + value + "\"}";
    }

    private static TunerdProcess start(Path dir, String mode) throws Exception {
        TunerdProcess p = TunerdProcess.start(CONFIG, Map.of("NNI_MODE", mode, "NNI_CHECKPOINT_DIRECTORY",
            dir.toString()));
        p.send(CommandType.INITIALIZE, SPACE);
        assertEquals(CommandType.INITIALIZED, p.reply(Duration.ofSeconds(30)).type());
        return p;
    }

    @Test
    void aCompletedCurveOfTheKilledRunStillStopsAHopelessTrial() throws Exception {
        Path dir = Files.createTempDirectory("medianstop-resume");
        try (TunerdProcess first = start(dir, "start")) {
            first.send(CommandType.REQUEST_TRIAL_JOBS, "1");
            assertEquals(CommandType.NEW_TRIAL_JOB, first.reply().type());
            for (int s = 0; s < 6; s++) {
                first.send(CommandType.REPORT_METRIC_DATA, periodical(0, "A", s, 1.0 + s));
            }
            first.send(CommandType.TRIAL_END, "{\"trial_job_id\": \"A\", \"event\": \"SUCCEEDED\","
                + " \"hyper_params\": \"{\\\"parameter_id\\\": 0}\"}");
            first.send(CommandType.REQUEST_TRIAL_JOBS, "1"); // a barrier for the default queue only
            assertEquals(CommandType.NEW_TRIAL_JOB, first.reply().type());
            Thread.sleep(500); // the assessor queue has no reply to wait for; its EN takes microseconds
            first.kill();
            first.exitCode(Duration.ofSeconds(10));
        }
        try (TunerdProcess resumed = start(dir, "resume")) {
            resumed.send(CommandType.IMPORT_DATA, "[]");
            resumed.send(CommandType.ADD_CUSTOMIZED_TRIAL_JOB, "[{\"parameter_id\": 1, \"parameter_source\":"
                + " \"resumed\", \"parameters\": {\"x\": 2}, \"parameter_index\": 0}]");
            resumed.send(CommandType.REQUEST_TRIAL_JOBS, "1");
            Command tr = resumed.reply();
            assertEquals(CommandType.NEW_TRIAL_JOB, tr.type(), tr.content());
            long id = Long.parseLong(tr.content().replaceAll(".*\"parameter_id\": (\\d+),.*", "$1"));
            for (int s = 0; s < 5; s++) {
                resumed.send(CommandType.REPORT_METRIC_DATA, periodical(id, "B", s, -1000.0));
            }
            List<Command> replies = resumed.drain(Duration.ofSeconds(2));
            assertEquals(List.of(new Command(CommandType.KILL_TRIAL_JOB, "\"B\"")), replies, resumed.stderr());
            // the journal was loaded: NNI's "Load checkpoint ignored by tuner" line would say the opposite
            String log = resumed.stderr();
            assertTrue(log.contains("checkpoint: resuming with"), log);
            assertFalse(log.contains("Load checkpoint ignored"), log);
        }
    }
}
