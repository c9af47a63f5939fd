package dev.tunerd.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.CommandType;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The experiment's budget travels from exp_params to the algorithm: with {@code maxTrialNumber} 5000 Auto picks
 * CMA-ES for a small continuous space (a long run), with 50 it picks Metis (which takes the space), and dispatcher.log says which and why.
 */
@Timeout(120)
class AutoBudgetIT {
    private static final String SPACE = "{\"x\": {\"_type\": \"uniform\", \"_value\": [0, 1]},"
        + " \"y\": {\"_type\": \"uniform\", \"_value\": [0, 1]}}";

    private static String pickedWith(int maxTrials) throws Exception {
        String config = "{\"maxTrialNumber\": " + maxTrials + ", \"trialConcurrency\": 2, \"tuner\": {\"name\":"
            + " \"Auto\", \"classArgs\": {\"seed\": 1}}}";
        try (TunerdProcess p = TunerdProcess.start(config, Map.of())) {
            p.send(CommandType.INITIALIZE, SPACE);
            assertEquals(CommandType.INITIALIZED, p.reply(Duration.ofSeconds(30)).type());
            p.send(CommandType.REQUEST_TRIAL_JOBS, "2");
            assertEquals(CommandType.NEW_TRIAL_JOB, p.reply(Duration.ofSeconds(30)).type());
            assertEquals(CommandType.NEW_TRIAL_JOB, p.reply(Duration.ofSeconds(30)).type());
            p.send(CommandType.TERMINATE, "");
            assertEquals(0, p.exitCode(Duration.ofSeconds(10)));
            return p.dispatcherLog();
        }
    }

    @Test
    void autoPicksByTheBudgetOfExpParams() throws Exception {
        String longRun = pickedWith(5000);
        assertTrue(longRun.contains("Auto picked CMAES: a long continuous run")
            && longRun.contains("maxTrialNumber 5000, trialConcurrency 2"), longRun);
        String shortRun = pickedWith(50);
        assertTrue(shortRun.contains("Auto picked Metis: a small flat space and a short budget")
            && shortRun.contains("maxTrialNumber 50, trialConcurrency 2"), shortRun);
    }
}
