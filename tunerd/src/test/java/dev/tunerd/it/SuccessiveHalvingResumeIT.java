package dev.tunerd.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
 * SuccessiveHalving's {@code rank_by: rescue} through the daemon and across a SIGKILL (issue 13 session 32): the daemon
 * tells the assessor each trial's parameters, the first run's completed trainings (whose curves cross as a function of
 * {@code x}) survive in the checkpoint, and in the resumed run a new slow starter (high {@code x}: a poor value at the
 * rung, the best final) goes on, where {@code rank_by: value}, in the same script, stops it at its first result. (The
 * killed run's last trial is a previous run's trial after the resume, spec 4.7: its metrics reach no assessor.)
 */
@Timeout(180)
class SuccessiveHalvingResumeIT {

    /** 31 grid points spread over (0, 1), then slow starters for the trial running at the kill and the resumed run. */
    private static final String SPACE;

    static {
        StringBuilder b = new StringBuilder("{\"x\": {\"_type\": \"choice\", \"_value\": [");
        for (int i = 0; i < 31; i++) {
            b.append(((i * 7) % 31 + 0.5) / 31).append(", ");
        }
        SPACE = b.append("0.96, 0.97, 0.98]}}").toString();
    }

    /** The resumed daemon's log of the last script, for a failure's message. */
    private static String lastLog = "";

    private static String config(String rankBy) {
        return "{\"trialConcurrency\": 1, \"tuner\": {\"name\": \"GridSearch\"}, \"assessor\": {\"name\":"
            + " \"SuccessiveHalving\", \"classArgs\": {\"optimize_mode\": \"minimize\", \"min_step\": 1, \"eta\": 2,"
            + " \"rank_agreement\": -1, \"rank_by\": \"" + rankBy + "\"}}}";
    }

    private static String periodical(long id, String trial, int sequence, double value) {
        return "{\"parameter_id\": " + id + ", \"trial_job_id\": \"" + trial + "\", \"type\": \"PERIODICAL\","
            + " \"sequence\": " + sequence + ", \"value\": \"" + value + "\"}";
    }

    private static TunerdProcess start(Path dir, String mode, String rankBy) throws Exception {
        TunerdProcess p = TunerdProcess.start(config(rankBy), Map.of("NNI_MODE", mode, "NNI_CHECKPOINT_DIRECTORY",
            dir.toString()));
        p.send(CommandType.INITIALIZE, SPACE);
        assertEquals(CommandType.INITIALIZED, p.reply(Duration.ofSeconds(30)).type());
        return p;
    }

    /** The next TR's parameter id and x, skipping the kill orders before it. */
    private static double[] nextTrial(TunerdProcess p) throws Exception {
        p.send(CommandType.REQUEST_TRIAL_JOBS, "1");
        Command c = p.reply();
        while (c.type() == CommandType.KILL_TRIAL_JOB) {
            c = p.reply();
        }
        assertEquals(CommandType.NEW_TRIAL_JOB, c.type(), c.content());
        return idAndX(c);
    }

    /** A TR's parameter id and x. */
    private static double[] idAndX(Command tr) {
        return new double[] {Long.parseLong(tr.content().replaceAll(".*\"parameter_id\": (\\d+),.*", "$1")),
            Double.parseDouble(tr.content().replaceAll(".*\"x\": ([0-9.eE-]+).*", "$1"))};
    }

    /** The kill orders of the resumed run's slow starter, after a first run of 31 crossing curves was killed. */
    private static List<Command> slowStarterKills(String rankBy) throws Exception {
        Path dir = Files.createTempDirectory("sh-resume");
        try (TunerdProcess first = start(dir, "start", rankBy)) {
            for (int i = 0; i < 31; i++) {
                double[] t = nextTrial(first);
                String job = "T" + i;
                first.send(CommandType.REPORT_METRIC_DATA, periodical((long) t[0], job, 0, t[1]));
                first.send(CommandType.REPORT_METRIC_DATA, periodical((long) t[0], job, 1, t[1] + 0.001));
                first.send(CommandType.REPORT_METRIC_DATA, periodical((long) t[0], job, 2, 1 - t[1]));
                first.send(CommandType.TRIAL_END, "{\"trial_job_id\": \"" + job + "\", \"event\": \"SUCCEEDED\","
                    + " \"hyper_params\": \"{\\\"parameter_id\\\": " + (long) t[0] + "}\"}");
            }
            Thread.sleep(1500); // the assessor's state is saved at most once a second, by its next command
            double[] t = nextTrial(first);
            first.send(CommandType.REPORT_METRIC_DATA, periodical((long) t[0], "Z", 0, 0.5));
            first.drain(Duration.ofSeconds(1));
            first.kill();
            first.exitCode(Duration.ofSeconds(10));
        }
        try (TunerdProcess resumed = start(dir, "resume", rankBy)) {
            resumed.send(CommandType.IMPORT_DATA, "[]");
            resumed.send(CommandType.ADD_CUSTOMIZED_TRIAL_JOB, "[]");
            resumed.send(CommandType.REQUEST_TRIAL_JOBS, "1");
            double[] t = {-1, 0}; // the set issued now (the killed run's last one is re-sent first, as unreceived)
            for (Command c : resumed.drain(Duration.ofSeconds(2))) {
                double[] sent = c.type() == CommandType.NEW_TRIAL_JOB ? idAndX(c) : t;
                t = sent[0] > t[0] ? sent : t;
            }
            assertTrue(t[1] > 0.9, "GridSearch goes on with a slow starter: " + t[1]);
            resumed.send(CommandType.REPORT_METRIC_DATA, periodical((long) t[0], "B", 0, t[1]));
            resumed.send(CommandType.REPORT_METRIC_DATA, periodical((long) t[0], "B", 1, t[1] + 0.001));
            List<Command> kills = resumed.drain(Duration.ofSeconds(2)).stream()
                .filter(c -> c.type() == CommandType.KILL_TRIAL_JOB).toList(); // the replies hold no other command
            assertTrue(resumed.stderr().contains("checkpoint: resuming with"), resumed.stderr());
            lastLog = resumed.stderr();
            return kills;
        }
    }

    @Test
    void theResumedRunKeepsTheSlowStarterThatTheValueWouldStop() throws Exception {
        assertEquals(List.of(), slowStarterKills("rescue"), () -> lastLog);
        List<Command> byValue = slowStarterKills("value"); // one KI per rung that stops it
        assertTrue(!byValue.isEmpty() && byValue.stream()
            .allMatch(c -> c.equals(new Command(CommandType.KILL_TRIAL_JOB, "\"B\""))), () -> byValue + lastLog);
    }
}
