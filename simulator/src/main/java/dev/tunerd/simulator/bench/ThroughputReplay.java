package dev.tunerd.simulator.bench;

import dev.tunerd.simulator.manager.DaemonProcess;
import dev.tunerd.simulator.manager.Inbound;
import dev.tunerd.simulator.manager.ManagerMessages;
import dev.tunerd.simulator.manager.SimulationException;
import java.io.IOException;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The section 3 stream as BENCHMARKS.md measured NNI: a recorded stream fed to a fresh daemon over the framed pipe,
 * written as fast as the pipe takes it from the moment the process starts, without waiting for any reply. The
 * recording is what an interactive {@link ThroughputBench} run wrote (IN, GE, the metrics and trial ends, the
 * barrier GE and the sentinel's metrics). The replay checks that the daemon answers exactly as it did when recorded
 * (the same TRs, in order: same seed, ids issued in order), so the recorded parameter ids are the right ones; then it
 * waits for the barrier TR and the sentinel's KI, sends TE, and the clock stops when the process has exited. What it
 * saves against the interactive run is the manager's waiting: for ID before GE, and for every TR before the first
 * metric. Called from one thread (it starts one writer thread of its own).
 */
public final class ThroughputReplay {

    private static final long WRITE_TIMEOUT_MILLIS = TimeUnit.MINUTES.toMillis(5);

    /**
     * @param commands  commands of the section 3 stream
     * @param wallNanos process start to process exit
     * @param startNanos process start to the ID reply
     * @param peakKib   the child's peak resident memory (VmHWM)
     * @param kills     stream trials that got a KI
     */
    public record Result(long commands, long wallNanos, long startNanos, long peakKib, int kills) {
        public double commandsPerSecond() {
            return commands / (wallNanos / 1e9);
        }
    }

    private ThroughputReplay() {
    }

    public static Result run(ThroughputBench.Plan plan, ThroughputBench.Recording recording)
            throws IOException, InterruptedException, SimulationException {
        return ThroughputBench.withDaemon(plan, (d, peak) -> {
            AtomicReference<IOException> writeFailure = new AtomicReference<>();
            Thread writer = new Thread(() -> {
                try {
                    d.writeFrames(recording.stream());
                    d.flush();
                } catch (IOException e) {
                    writeFailure.set(e);
                }
            }, "replay-writer");
            writer.setDaemon(true);
            writer.start();
            return await(plan, recording, d, peak, writer, writeFailure);
        });
    }

    private static Result await(ThroughputBench.Plan plan, ThroughputBench.Recording recording, DaemonProcess d,
                                AtomicLong peak, Thread writer, AtomicReference<IOException> writeFailure)
            throws IOException, InterruptedException, SimulationException {
        long start = -1;
        int trials = 0;
        boolean sentinelKilled = false;
        Set<String> killed = new HashSet<>();
        while (start < 0 || trials < recording.trialContents().size() || !sentinelKilled) {
            Inbound in = ThroughputBench.next(d, "the replies to the recorded stream (" + trials + " of "
                + recording.trialContents().size() + " TRs so far)");
            String code = in.command().type().code();
            if (code.equals("ID")) {
                // the assessor worker may stop a trial before the default worker has answered IN: metrics already
                // wait in the pipe, which no real manager does (its trials start after ID), but a replay may
                start = in.receivedNanos() - d.startNanos();
            } else if (code.equals("TR")) {
                if (trials >= recording.trialContents().size()
                        || !in.command().content().equals(recording.trialContents().get(trials))) {
                    throw new SimulationException("the replay diverged from its recording at TR " + trials
                        + ": the daemon sent " + in.command().content());
                }
                trials++;
            } else if (ThroughputBench.isKillOf(in, ThroughputBench.SENTINEL)) {
                sentinelKilled = true;
            } else if (ThroughputBench.isKill(in)) {
                ThroughputBench.countKill(in, killed);
            } else {
                throw new SimulationException("unexpected reply to the recorded stream: " + in.command());
            }
        }
        writer.join(WRITE_TIMEOUT_MILLIS);
        if (writeFailure.get() != null) {
            throw writeFailure.get();
        }
        long hwm = d.peakResidentKib();
        d.send(ManagerMessages.terminate());
        Integer exit = d.awaitExit(60, TimeUnit.SECONDS);
        long wall = System.nanoTime() - d.startNanos();
        ThroughputBench.requireCleanExit(d, exit);
        return new Result(plan.commands(), wall, start, Math.max(hwm, peak.get()), killed.size());
    }
}
