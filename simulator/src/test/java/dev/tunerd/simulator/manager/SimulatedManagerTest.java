package dev.tunerd.simulator.manager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.simulator.problem.Problem;
import dev.tunerd.simulator.problem.Problems;
import dev.tunerd.spi.json.JsonString;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The manager loop against {@link FakeDaemon} running as a child process. */
class SimulatedManagerTest {

    @TempDir
    Path dir;

    private RunResult run(ExperimentSettings settings, AlgorithmChoice assessor, String... fakeArgs) throws Exception {
        DaemonCommand cmd = FakeDaemons.command(fakeArgs);
        AlgorithmChoice tuner = new AlgorithmChoice("Random", "{}");
        try (DaemonProcess d = DaemonProcess.start(cmd.commandLine(tuner, assessor), dir.resolve("daemon.log"))) {
            return new SimulatedManager(settings, d, ProgressListener.NONE).run();
        }
    }

    private List<String> recorded() throws Exception {
        return Files.readAllLines(dir.resolve("record.txt"), StandardCharsets.UTF_8);
    }

    @Test
    void sequentialRunSpeaksTheManagerSideOfTheProtocol() throws Exception {
        Problem branin = Problems.create("branin", 0);
        RunResult r = run(ExperimentSettings.of(branin, 5, 1, 0, false), null,
            "--record", dir.resolve("record.txt").toString());
        assertEquals(5, r.trials().size());
        assertEquals(0, r.exitCode());
        List<String> lines = recorded();
        assertTrue(lines.get(0).startsWith("IN {\"x0\""), lines.get(0));
        assertEquals("GE 1", lines.get(1));
        // per trial: FINAL ME, EN, then GE 1 while more are needed
        assertTrue(lines.get(2).startsWith("ME {\"parameter_id\": 0, \"trial_job_id\": \"trial00000\", "
            + "\"type\": \"FINAL\", \"sequence\": 0, \"value\": \""), lines.get(2));
        assertTrue(lines.get(3).startsWith("EN {\"trial_job_id\":\"trial00000\",\"event\":\"SUCCEEDED\","
            + "\"hyper_params\":\"{\\\"parameter_id\\\": 0"), lines.get(3));
        assertEquals("GE 1", lines.get(4));
        assertEquals("TE ", lines.get(lines.size() - 1));
        assertEquals(1 + 1 + 5 * 2 + 4 + 1, lines.size(), "IN, GE 1, 5 x (ME, EN), 4 x GE 1, TE");
        double reported = Double.parseDouble(((JsonString) Json.parseObject(lines.get(2).substring(3), "me")
            .get("value")).value());
        assertEquals(r.trials().get(0).value(), reported);
        double[] best = r.bestSoFar();
        for (int i = 1; i < best.length; i++) {
            assertTrue(best[i] <= best[i - 1]);
        }
    }

    @Test
    void concurrencyIsRespectedAndUsed() throws Exception {
        Problem curves = Problems.create("curves", 1);
        RunResult r = run(ExperimentSettings.of(curves, 9, 3, 7, false), null,
            "--record", dir.resolve("record.txt").toString());
        assertEquals(9, r.trials().size());
        assertEquals("GE 3", recorded().get(1));
        Set<String> inFlight = new HashSet<>();
        int most = 0;
        for (String line : recorded()) {
            if (line.startsWith("ME ")) {
                inFlight.add(((JsonString) Json.parseObject(line.substring(3), "me").get("trial_job_id")).value());
            } else if (line.startsWith("EN ")) {
                inFlight.remove(((JsonString) Json.parseObject(line.substring(3), "en").get("trial_job_id")).value());
            }
            most = Math.max(most, inFlight.size());
        }
        assertEquals(3, most);
        long periodicals = recorded().stream().filter(l -> l.contains("\"PERIODICAL\"")).count();
        assertEquals(9 * 20, periodicals);
        assertEquals(9 * 20, r.epochsUsed());
    }

    @Test
    void killedTrialsEndEarlyStoppedWithoutAFinalMetric() throws Exception {
        Problem curves = Problems.create("curves", 1);
        ExperimentSettings s = new ExperimentSettings(curves, 3, 1, 0, true, Duration.ofMillis(500),
            Duration.ofSeconds(30));
        RunResult r = run(s, new AlgorithmChoice("Medianstop", "{}"), "--record", dir.resolve("record.txt").toString());
        assertEquals(3, r.trials().size());
        for (TrialRecord t : r.trials()) {
            assertEquals(TrialStatus.EARLY_STOPPED, t.status());
            assertEquals(3, t.epochs());
            assertEquals(3, t.intermediate().length, "the three PERIODICAL metrics it sent, for tunerd report");
            assertEquals(t.value(), t.intermediate()[2]);
            assertTrue(t.endSeconds() > t.startSeconds(), t.startSeconds() + " .. " + t.endSeconds());
        }
        assertTrue(recorded().stream().noneMatch(l -> l.contains("\"FINAL\"")));
        assertEquals(3, recorded().stream().filter(l -> l.contains("\"event\":\"EARLY_STOPPED\"")).count());
        assertTrue(r.bestConfigurationKilled());
        assertEquals(9.0 / 60, r.epochFraction(), 1e-12);
    }

    @Test
    void aTunerThatRunsOutEndsTheExperimentEarly() throws Exception {
        RunResult r = run(ExperimentSettings.of(Problems.create("camel6", 0), 10, 2, 0, false), null,
            "--refuse-after", "4");
        assertEquals(4, r.trials().size());
        assertTrue(r.tunerExhausted());
    }

    /** A daemon that names two sets alike: the run stops naming the id (it was taken silently, exit 0). */
    @Test
    void aRepeatedParameterIdIsAClearFailure() {
        var e = assertThrows(SimulationException.class, () -> run(ExperimentSettings.of(Problems.create("camel6", 0),
            5, 2, 0, false), null, "--repeat-id"));
        assertTrue(e.getMessage().contains("issued parameter_id 0 twice"), e.getMessage());
    }

    /**
     * Issue 13, session 32: an advisor's TRs carry string ids, a NO that only defers, and trials paid at a later
     * result; the manager counted only integer ids, so it waited for ever for the answer to its first GE.
     */
    @Test
    void anAdvisorsStringIdsDeferredRequestsAndBudgetsRunToTheEnd() throws Exception {
        for (boolean echo : new boolean[] {true, false}) {
            Problem curves = Problems.create("curves", 1);
            ExperimentSettings s = new ExperimentSettings(curves, 12, 3, 5, false, Duration.ofMillis(5),
                Duration.ofSeconds(10), echo);
            RunResult r = echo ? run(s, null, "--advisor", "2", "--echo-ping", "--record", dir.resolve("record.txt")
                .toString()) : run(s, null, "--advisor", "2", "--record", dir.resolve("record.txt").toString());
            assertEquals(12, r.trials().size(), "echo " + echo);
            assertTrue(!r.tunerExhausted(), "a NO while trials run defers, it does not end the run");
            Set<String> ids = new HashSet<>();
            for (TrialRecord t : r.trials()) {
                String id = ((JsonString) t.parameterId()).value();
                ids.add(id);
                int n = Integer.parseInt(id.substring(id.lastIndexOf('_') + 1));
                int budget = n % 2 == 0 ? 5 : 20;
                assertEquals(budget, t.budget(), id);
                assertEquals(budget, t.epochs(), "a trial trains its TRIAL_BUDGET's epochs: " + id);
                assertEquals(TrialStatus.SUCCEEDED, t.status());
                assertEquals(t.intermediate()[budget - 1], t.value(), "FINAL is the value at its last epoch");
            }
            assertEquals(12, ids.size());
            List<String> lines = recorded();
            assertTrue(lines.stream().anyMatch(l -> l.startsWith("ME {\"parameter_id\": \"0-0_0_")),
                "results go back under the advisor's string id");
            assertEquals(20, r.largestBudget());
            assertEquals(r.trials().stream().filter(t -> t.budget() == 5).count(), r.smallerBudgets());
            double best = r.trials().stream().filter(t -> t.budget() == 20).mapToDouble(TrialRecord::value).min()
                .orElseThrow();
            assertEquals(best, r.bestValue(), "the best value counts only trials trained to the largest budget");
        }
    }

    @Test
    void aRefusalWithNothingRunningEndsTheRunAtOnceWithTheBarrier() throws Exception {
        Problem camel = Problems.create("camel6", 0);
        ExperimentSettings s = new ExperimentSettings(camel, 10, 2, 0, false, Duration.ofMillis(5),
            Duration.ofSeconds(10), true);
        RunResult r = run(s, null, "--refuse-after", "4", "--echo-ping");
        assertEquals(4, r.trials().size());
        assertTrue(r.tunerExhausted());
    }

    @Test
    void aBudgetOnASingleEpochProblemIsNamed() throws Exception {
        var e = assertThrows(SimulationException.class, () -> run(ExperimentSettings.of(Problems.create("camel6", 0),
            4, 1, 0, false), null, "--advisor", "2"));
        assertTrue(e.getMessage().contains("TRIAL_BUDGET") && e.getMessage().contains("single epoch"), e.getMessage());
    }

    @Test
    void aDaemonThatCannotStartIsReportedWithItsLog() throws Exception {
        DaemonCommand cmd = new DaemonCommand(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
            .toString(), "-cp", "/nonexistent", "NoSuchMain"));
        AlgorithmChoice tuner = new AlgorithmChoice("Random", "{}");
        try (DaemonProcess d = DaemonProcess.start(cmd.commandLine(tuner, null), dir.resolve("daemon.log"))) {
            var e = assertThrows(SimulationException.class, () -> new SimulatedManager(
                ExperimentSettings.of(Problems.create("branin", 0), 1, 1, 0, false), d, ProgressListener.NONE).run());
            assertTrue(e.getMessage().contains("closed its output") && e.getMessage().contains("NoSuchMain"),
                e.getMessage());
        }
    }

    @Test
    void defaultArgumentsMakeMinimisingExperiments() {
        assertEquals("{\"optimize_mode\": \"minimize\", \"seed\": 3}",
            AlgorithmChoice.withDefaults("TPE", null, 3).argsJson());
        assertEquals("{\"optimize_mode\": \"minimize\"}", AlgorithmChoice.withDefaults("Medianstop", null, 3).argsJson());
        assertEquals("{}", AlgorithmChoice.withDefaults("GridSearch", null, 3).argsJson());
        assertEquals(List.of("java", "--tuner", "GridSearch"),
            new DaemonCommand(List.of("java")).commandLine(AlgorithmChoice.withDefaults("GridSearch", null, 3), null));
        assertThrows(RuntimeException.class, () -> new AlgorithmChoice("TPE", "{not json"));
    }
}
