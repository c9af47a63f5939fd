package dev.tunerd.simulator.bench;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.simulator.manager.AlgorithmChoice;
import dev.tunerd.simulator.manager.DaemonCommand;
import dev.tunerd.simulator.manager.DaemonProcess;
import dev.tunerd.simulator.manager.Inbound;
import dev.tunerd.simulator.manager.ManagerMessages;
import dev.tunerd.simulator.manager.SimulationException;
import dev.tunerd.simulator.manager.TrialStatus;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * What the checkpoint journal costs a whole experiment: one daemon per tuner runs {@code trials} trials one after the
 * other ({@code GE 1}, its {@code TR}, {@code FINAL}, {@code EN}) on a finite search space, once without a checkpoint
 * and once with {@code NNI_CHECKPOINT_DIRECTORY} set, and the two times (first {@code GE} to the last {@code EN}
 * handled, start-up excluded) are compared. A finite space matters: there Random, GridSearch and the model tuners
 * keep every issued set for their deduplication, so their state grows with the run. Called from one thread.
 */
public final class CheckpointCostBench {

    private static final long TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(600);
    /** 101 x 101 x 5 = 51,005 points: finite, and larger than any run of this benchmark needs. */
    static final String FINITE_SPACE = "{\"a\": {\"_type\": \"randint\", \"_value\": [0, 101]}, "
        + "\"b\": {\"_type\": \"randint\", \"_value\": [0, 101]}, "
        + "\"c\": {\"_type\": \"choice\", \"_value\": [1, 2, 3, 4, 5]}}";

    /**
     * @param tuners builtin tuner names
     * @param trials trials per run
     * @param daemon how to start the daemon
     * @param metrics intermediate results each trial reports before its final result (the advisors read them)
     */
    public record Plan(List<String> tuners, int trials, DaemonCommand daemon, int metrics) {
        public Plan {
            tuners = List.copyOf(tuners);
            if (tuners.isEmpty() || trials < 1 || trials > 50_000) {
                throw new IllegalArgumentException("--tuners must name at least one tuner and --trials must be in"
                    + " 1..50000, got " + tuners + " and " + trials);
            }
            if (metrics < 0 || metrics > 1_000) {
                throw new IllegalArgumentException("--metrics must be in 0..1000, got " + metrics);
            }
        }

        public Plan(List<String> tuners, int trials, DaemonCommand daemon) {
            this(tuners, trials, daemon, 0);
        }
    }

    /**
     * @param tuner          the tuner
     * @param trials         trials that got a TR (fewer than asked when the tuner ran out)
     * @param plainNanos     first GE to last EN handled, without a checkpoint
     * @param journalNanos   the same with the journal
     * @param journalBytes   bytes in the checkpoint directory at the end
     */
    public record Row(String tuner, int trials, long plainNanos, long journalNanos, long journalBytes) {
        public double ratio() {
            return (double) journalNanos / plainNanos;
        }
    }

    private CheckpointCostBench() {
    }

    public static List<Row> run(Plan plan) throws IOException, InterruptedException, SimulationException {
        List<Row> rows = new java.util.ArrayList<>();
        for (String tuner : plan.tuners()) {
            Timed plain = once(plan, tuner, null);
            Path dir = Files.createTempDirectory("tunerd-checkpoint-cost-");
            try {
                Timed journal = once(plan, tuner, dir);
                rows.add(new Row(tuner, journal.trials(), plain.nanos(), journal.nanos(), sizeOf(dir)));
            } finally {
                deleteTree(dir);
            }
        }
        return rows;
    }

    /** The finite space, or for Batch its list of {@code trials} sets. */
    static JsonObject spaceFor(String tuner, int trials) {
        if (!tuner.equalsIgnoreCase("batch") && !tuner.equalsIgnoreCase("batchtuner")) {
            return Json.parseObject(FINITE_SPACE, "space");
        }
        StringBuilder sb = new StringBuilder("{\"combine_params\": {\"_type\": \"choice\", \"_value\": [");
        for (int i = 0; i < trials; i++) {
            sb.append(i == 0 ? "" : ", ").append("{\"a\": ").append(i).append('}');
        }
        return Json.parseObject(sb.append("]}}").toString(), "space");
    }

    private record Timed(int trials, long nanos) {
    }

    private static Timed once(Plan plan, String tuner, Path checkpoint)
            throws IOException, InterruptedException, SimulationException {
        AlgorithmChoice choice = AlgorithmChoice.withDefaults(tuner, null, 0);
        Map<String, String> env = checkpoint == null ? Map.of() : Map.of("NNI_CHECKPOINT_DIRECTORY",
            checkpoint.toString());
        Path log = Files.createTempFile("tunerd-checkpoint-cost-", ".log");
        try (DaemonProcess d = DaemonProcess.start(plan.daemon().commandLine(choice, null), log, env)) {
            d.send(ManagerMessages.initialize(spaceFor(tuner, plan.trials())));
            ThroughputBench.expect(d, "ID");
            long start = System.nanoTime();
            int done = 0;
            for (int i = 0; i < plan.trials(); i++) {
                d.send(ManagerMessages.requestTrials(1));
                Inbound in = ThroughputBench.next(d, "the TR of trial " + i);
                if (in.command().type().code().equals("NO")) {
                    break;
                }
                String content = in.command().content();
                JsonValue id = Json.parseObject(content, "TR").get("parameter_id");
                String job = "T" + i;
                for (int k = 0; k < plan.metrics(); k++) {
                    d.write(ManagerMessages.periodical(id, job, k, (i * 7919 % 1000) / 1000.0 + k / 100.0));
                }
                d.write(ManagerMessages.fin(id, job, (i * 7919 % 1000) / 1000.0));
                d.write(ManagerMessages.trialEnd(job, TrialStatus.SUCCEEDED, content));
                done++;
            }
            d.send(ManagerMessages.requestTrials(1)); // its reply comes after every earlier command was handled
            Inbound last;
            do {
                last = d.poll(TIMEOUT_NANOS);
            } while (last != null && !last.isEndOfStream() && last.command().type().code().equals("KI"));
            if (last == null || last.isEndOfStream() || last.command().type().code().equals("ER")) {
                throw new SimulationException(tuner + " did not answer the final GE" + ThroughputBench.lastWords(d));
            }
            long nanos = System.nanoTime() - start;
            d.send(ManagerMessages.terminate());
            ThroughputBench.requireCleanExit(d, d.awaitExit(120, TimeUnit.SECONDS));
            return new Timed(done, nanos);
        } finally {
            Files.deleteIfExists(log);
        }
    }

    private static long sizeOf(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
        }
    }

    static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
