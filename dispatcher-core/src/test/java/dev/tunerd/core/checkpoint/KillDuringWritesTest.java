package dev.tunerd.core.checkpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.spi.json.JsonFloat;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A child JVM appends to the journal and is killed with SIGKILL ({@code destroyForcibly}) at random moments, then
 * resumed: every append that returned is recovered, and no parameter id is ever issued twice.
 */
class KillDuringWritesTest {
    private static final int ROUNDS = 5;

    @TempDir
    Path dir;

    @Test
    @Timeout(120)
    void everyAcknowledgedRecordSurvivesAKillAndIdsNeverGoBack() throws Exception {
        Random random = new Random(20261121L);
        Set<Long> issuedBefore = new TreeSet<>();
        long previousNext = 0;
        for (int round = 0; round < ROUNDS; round++) {
            List<String> acks = runAndKill(20 + random.nextInt(300));
            RecoveredState s = CheckpointReader.read(dir);
            long firstIssued = Long.MAX_VALUE;
            for (String ack : acks) {
                long id = Long.parseLong(ack.substring(ack.indexOf(' ') + 1));
                if (ack.startsWith("issued ")) {
                    assertTrue(issuedBefore.add(id), "round " + round + " reissued id " + id);
                    assertEquals(ScriptedExperiment.params(id), s.issuedParameters().get(id), "params of id " + id);
                    firstIssued = Math.min(firstIssued, id);
                } else if (ack.startsWith("result ")) {
                    assertTrue(s.results().contains(new RecordedResult(id, java.util.Optional.of("T" + id),
                        JsonFloat.of(id / 7.0))), "result of id " + id + " lost in round " + round);
                }
            }
            assertTrue(firstIssued == Long.MAX_VALUE || firstIssued >= previousNext, "ids went back in round "
                + round);
            assertTrue(s.nextParameterId() >= previousNext, "next id went back in round " + round);
            for (Map.Entry<Long, ?> e : s.issuedParameters().entrySet()) {
                assertTrue(e.getKey() < s.nextParameterId());
            }
            previousNext = s.nextParameterId();
        }
        assertTrue(issuedBefore.size() > ROUNDS, "the child hardly ran: " + issuedBefore.size() + " ids");
    }

    /** Starts the child, lets it append for {@code millis} after it is ready, kills it; returns what it acknowledged. */
    private List<String> runAndKill(int millis) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-Xshare:auto", "-XX:TieredStopAtLevel=1", "-cp",
            System.getProperty("java.class.path"), AppendingProcess.class.getName(), dir.toString(), "4096")
            .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        List<String> acks = new CopyOnWriteArrayList<>();
        CountDownLatch ready = new CountDownLatch(1);
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(),
                StandardCharsets.UTF_8))) {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    if (line.startsWith("ready ")) {
                        ready.countDown();
                    } else if (line.startsWith("issued ") || line.startsWith("result ")) {
                        acks.add(line);
                    }
                }
            } catch (java.io.IOException e) {
                // the pipe breaks when the child is killed; what was read is what counts
            }
        }, "kill-test-reader");
        reader.start();
        assertTrue(ready.await(60, TimeUnit.SECONDS), "child did not start");
        Thread.sleep(millis);
        p.destroyForcibly();
        p.waitFor(30, TimeUnit.SECONDS);
        reader.join(10_000);
        return new ArrayList<>(acks);
    }
}
