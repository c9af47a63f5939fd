package dev.tunerd.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tunerd.protocol.Command;
import dev.tunerd.protocol.CommandType;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Both workers write at once: the default worker answers a large GE with thousands of TRs while the assessor worker
 * answers thousands of intermediate results with KIs. Every frame must decode and none may be lost or duplicated.
 */
@Timeout(120)
class StressIT {

    private static final int N = 3000;

    @Test
    void framesFromTwoWorkersNeverInterleave() throws Exception {
        try (TunerdProcess p = TunerdProcess.start(TunerdProcess.customConfig("SequenceTuner", "{}", "VerdictAssessor",
            "{\"bad\": true}"), Map.of(), "--queue-capacity", "64")) {
            p.send(CommandType.REQUEST_TRIAL_JOBS, String.valueOf(N));
            for (int i = 0; i < N; i++) {
                p.send(CommandType.REPORT_METRIC_DATA, "{\"parameter_id\": " + i + ", \"trial_job_id\": \"T" + i
                    + "\", \"type\": \"PERIODICAL\", \"sequence\": 0, \"value\": \"" + i + "\"}");
            }
            Set<String> trs = new HashSet<>();
            Set<String> kis = new HashSet<>();
            while (trs.size() + kis.size() < 2 * N) {
                Command c = p.reply(Duration.ofSeconds(30));
                (c.type() == CommandType.NEW_TRIAL_JOB ? trs : kis).add(c.content());
            }
            assertEquals(N, trs.size());
            assertEquals(N, kis.size());
            p.send(CommandType.TERMINATE, "");
            assertEquals(List.of(), p.drain(Duration.ofMillis(300)));
            assertEquals(0, p.exitCode(Duration.ofSeconds(5)));
        }
    }
}
