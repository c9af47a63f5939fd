package dev.tunerd.simulator.bench;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.simulator.manager.AlgorithmChoice;
import dev.tunerd.simulator.manager.DaemonCommand;
import dev.tunerd.simulator.manager.DaemonProcess;
import dev.tunerd.simulator.manager.Inbound;
import dev.tunerd.simulator.manager.ManagerMessages;
import dev.tunerd.simulator.manager.ProcStatus;
import dev.tunerd.simulator.manager.SimulationException;
import dev.tunerd.spi.json.JsonInt;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Resident memory against trials: one daemon (Random, Medianstop) runs trials in batches (GE of a batch, then every
 * trial's intermediate results, final result and end), as a manager with that many trials in flight would, and its
 * resident set (VmRSS) and peak (VmHWM) are read each time the run passes a checkpoint count. What is measured is
 * what the daemon keeps per finished trial. Called from one thread.
 */
public final class MemoryBench {

    private static final long TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(300);

    /**
     * @param checkpoints trial counts at which memory is read, ascending; the run ends at the last
     * @param metrics     intermediate results per trial
     * @param batch       trials in flight (one GE each batch)
     * @param daemon      how to start the daemon
     */
    public record Plan(List<Integer> checkpoints, int metrics, int batch, DaemonCommand daemon) {
        public Plan {
            checkpoints = List.copyOf(checkpoints);
            if (checkpoints.isEmpty() || checkpoints.get(0) < 1 || metrics < 1 || batch < 1) {
                throw new IllegalArgumentException("--trials needs positive counts, --metrics and --batch must be"
                    + " positive, got " + checkpoints + ", " + metrics + ", " + batch);
            }
            for (int i = 1; i < checkpoints.size(); i++) {
                if (checkpoints.get(i) <= checkpoints.get(i - 1)) {
                    throw new IllegalArgumentException("--trials must be ascending, got " + checkpoints);
                }
            }
        }
    }

    /** Memory when {@code trials} trials had ended, in KiB. */
    public record Sample(int trials, long rssKib, long peakKib, double seconds) {
    }

    private MemoryBench() {
    }

    public static List<Sample> run(Plan plan) throws IOException, InterruptedException, SimulationException {
        AlgorithmChoice tuner = new AlgorithmChoice("Random", "{\"seed\": 0}");
        AlgorithmChoice assessor = new AlgorithmChoice("Medianstop", "{\"start_step\": 5}");
        ThroughputStream stream = new ThroughputStream(plan.metrics(), 0);
        Path log = Files.createTempFile("tunerd-memory-", ".log");
        List<Sample> samples = new ArrayList<>();
        try (DaemonProcess d = DaemonProcess.start(plan.daemon().commandLine(tuner, assessor), log)) {
            d.send(ManagerMessages.initialize(Json.parseObject(ThroughputBench.SPACE, "space")));
            ThroughputBench.expect(d, "ID");
            long start = System.nanoTime();
            int done = 0;
            int next = 0;
            List<String> inFlight = requestBatch(d, Math.min(plan.batch(), plan.checkpoints().get(0)));
            while (next < plan.checkpoints().size()) {
                for (String content : inFlight) {
                    long id = ((JsonInt) Json.parseObject(content, "TR").get("parameter_id")).value();
                    d.writeFrames(stream.metricFrames(done, id));
                    d.writeFrames(stream.endFrame(done, content));
                    done++;
                }
                int target = plan.checkpoints().get(next);
                // the reply to the next GE comes after every command before it was handled
                inFlight = requestBatch(d, Math.max(1, Math.min(plan.batch(), lastTarget(plan) - done)));
                if (done >= target) {
                    samples.add(new Sample(done, ProcStatus.readKib(d.pid(), "VmRSS"), d.peakResidentKib(),
                        (System.nanoTime() - start) / 1e9));
                    next++;
                }
            }
            d.send(ManagerMessages.terminate());
            ThroughputBench.requireCleanExit(d, d.awaitExit(120, TimeUnit.SECONDS));
        } finally {
            Files.deleteIfExists(log);
        }
        return samples;
    }

    private static int lastTarget(Plan plan) {
        return plan.checkpoints().get(plan.checkpoints().size() - 1);
    }

    /** Asks for {@code count} trials and returns their TR contents (KIs on the way are skipped). */
    private static List<String> requestBatch(DaemonProcess d, int count)
            throws IOException, InterruptedException, SimulationException {
        d.send(ManagerMessages.requestTrials(count));
        List<String> out = new ArrayList<>(count);
        while (out.size() < count) {
            Inbound in = d.poll(TIMEOUT_NANOS);
            if (in == null || in.isEndOfStream()) {
                throw new SimulationException("the daemon went silent while the memory benchmark waited for a TR"
                    + ThroughputBench.lastWords(d));
            }
            String code = in.command().type().code();
            if (code.equals("TR")) {
                out.add(in.command().content());
            } else if (!code.equals("KI")) {
                throw new SimulationException("expected TR, the daemon sent " + in.command());
            }
        }
        return out;
    }
}
