package dev.tunerd.simulator.bench;

import dev.tunerd.protocol.Command;
import dev.tunerd.protocol.FrameEncoder;
import dev.tunerd.protocol.FrameFormat;
import dev.tunerd.protocol.command.InboundCommands;
import dev.tunerd.protocol.json.Json;
import dev.tunerd.simulator.manager.AlgorithmChoice;
import dev.tunerd.simulator.manager.DaemonCommand;
import dev.tunerd.simulator.manager.DaemonProcess;
import dev.tunerd.simulator.manager.Inbound;
import dev.tunerd.simulator.manager.ManagerMessages;
import dev.tunerd.simulator.manager.ProcStatus;
import dev.tunerd.simulator.manager.SimulationException;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonString;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Set;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The dispatcher throughput benchmark of BENCHMARKS.md section 3. One daemon child (Random tuner, Medianstop with
 * {@code start_step} 5) gets IN, one {@code GE <trials>}, and then, for the returned trials, the whole metric stream
 * written as fast as the pipe takes it. Two barriers tell when the daemon has worked through everything, since a
 * dispatcher drops queued commands at TE: a {@code GE 1} (its TR comes after every earlier default-queue command)
 * and a sentinel trial whose hopeless intermediate results Medianstop must kill (its KI comes after every earlier
 * assessor-queue command). Then TE, and the clock stops when the process has exited. Called from one thread.
 */
public final class ThroughputBench {

    private static final long TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(300);
    static final String SENTINEL = "sentinel";
    static final String SPACE = "{\"x\": {\"_type\": \"uniform\", \"_value\": [0.0, 1.0]}, "
        + "\"y\": {\"_type\": \"choice\", \"_value\": [16, 32, 64]}}";

    /**
     * @param trials       trials in the stream
     * @param metrics      intermediate metrics per trial
     * @param daemon       how to start the daemon
     * @param assessorArgs Medianstop's classArgs
     */
    public record Plan(int trials, int metrics, DaemonCommand daemon, String assessorArgs) {
        public Plan {
            if (trials < 1 || trials > InboundCommands.MAX_REQUESTED_TRIAL_JOBS || metrics < 6) {
                // all trials come from one GE: above the daemon's limit it answered ER after the stream was built
                throw new IllegalArgumentException("--trials must be between 1 and "
                    + InboundCommands.MAX_REQUESTED_TRIAL_JOBS + " and --metrics at least 6, got " + trials + " and "
                    + metrics);
            }
        }

        /** The section 3 count: IN, GE, and per trial the intermediates, the final and the trial end. */
        public long commands() {
            return 2 + (long) trials * (metrics + 2);
        }
    }

    /**
     * @param commands        commands of the section 3 stream
     * @param wallNanos       process start to process exit
     * @param startupNanos    process start to the ID reply
     * @param firstTrialNanos the big GE to its first TR
     * @param allTrialsNanos  the big GE to its last TR
     * @param barrierNanos    the GE 1 after the stream to its TR
     * @param drainNanos      first metric written to the sentinel's KI
     * @param peakKib         the child's peak resident memory (VmHWM)
     * @param kills           stream trials that got a KI (Medianstop repeats KI for every later metric)
     * @param recording       every byte this run wrote before TE, and the TRs it got, for {@link ThroughputReplay}
     */
    public record Result(long commands, long wallNanos, long startupNanos, long firstTrialNanos, long allTrialsNanos,
                         long barrierNanos, long drainNanos, long peakKib, int kills, Recording recording) {
        public double commandsPerSecond() {
            return commands / (wallNanos / 1e9);
        }
    }

    /**
     * What an interactive run wrote to the daemon before TE (IN, GE, the metric stream, the barrier GE and the
     * sentinel's metrics), and the contents of the TRs it got back, in order (the barrier's last).
     */
    public record Recording(byte[] stream, List<String> trialContents) {
        public Recording {
            trialContents = List.copyOf(trialContents);
        }
    }

    private ThroughputBench() {
    }

    public static Result run(Plan plan) throws IOException, InterruptedException, SimulationException {
        ThroughputStream stream = new ThroughputStream(plan.metrics(), 0);
        byte[][] metrics = new byte[plan.trials()][];
        for (int i = 0; i < metrics.length; i++) {
            metrics[i] = stream.metricFrames(i, i);
        }
        return withDaemon(plan, (d, peak) -> drive(plan, d, peak, stream, metrics));
    }

    /** What a run does with its daemon; {@code peak} is the daemon's sampled peak resident memory (KiB). */
    @FunctionalInterface
    interface DaemonRun<R> {
        R run(DaemonProcess d, AtomicLong peak) throws IOException, InterruptedException, SimulationException;
    }

    /** Starts the section 3 daemon (Random, Medianstop) with its memory sampled, runs {@code body}, stops it. */
    static <R> R withDaemon(Plan plan, DaemonRun<R> body)
            throws IOException, InterruptedException, SimulationException {
        AlgorithmChoice tuner = new AlgorithmChoice("Random", "{\"seed\": 0}");
        AlgorithmChoice assessor = new AlgorithmChoice("Medianstop", plan.assessorArgs());
        Path log = Files.createTempFile("tunerd-throughput-", ".log");
        try (DaemonProcess d = DaemonProcess.start(plan.daemon().commandLine(tuner, assessor), log)) {
            AtomicLong peak = new AtomicLong(-1);
            Thread sampler = startSampler(d.pid(), peak);
            try {
                return body.run(d, peak);
            } finally {
                sampler.interrupt();
            }
        } finally {
            Files.deleteIfExists(log);
        }
    }

    private static Result drive(Plan plan, DaemonProcess d, AtomicLong peak, ThroughputStream stream,
                                byte[][] metrics)
            throws IOException, InterruptedException, SimulationException {
        Recorder rec = new Recorder(d);
        rec.send(ManagerMessages.initialize(Json.parseObject(SPACE, "space")));
        long startup = expect(d, "ID").receivedNanos() - d.startNanos();
        long geSent = System.nanoTime();
        rec.send(ManagerMessages.requestTrials(plan.trials()));
        List<String> contents = new ArrayList<>(plan.trials() + 1);
        long firstTr = 0;
        long lastTr = 0;
        while (contents.size() < plan.trials()) {
            Inbound in = expect(d, "TR");
            contents.add(in.command().content());
            lastTr = in.receivedNanos() - geSent;
            firstTr = contents.size() == 1 ? lastTr : firstTr;
        }
        long streamStart = System.nanoTime();
        for (int i = 0; i < plan.trials(); i++) {
            long id = parameterId(contents.get(i));
            rec.writeFrames(id == i ? metrics[i] : stream.metricFrames(i, id));
            rec.writeFrames(stream.endFrame(i, contents.get(i)));
        }
        long barrierSent = System.nanoTime();
        rec.send(ManagerMessages.requestTrials(1));
        Set<String> killed = new HashSet<>();
        Inbound in;
        while (!(in = next(d, "the TR answering the barrier GE 1")).command().type().code().equals("TR")) {
            countKill(in, killed);
        }
        long barrier = in.receivedNanos() - barrierSent;
        contents.add(in.command().content());
        String sentinelId = Json.write(Json.parseObject(in.command().content(), "TR").get("parameter_id"));
        for (Command m : sentinelMetrics(sentinelId, plan.metrics())) {
            rec.write(m);
        }
        d.flush();
        while (!isKillOf(in = next(d, "the KI of the sentinel trial"), SENTINEL)) {
            countKill(in, killed);
        }
        long drain = in.receivedNanos() - streamStart;
        long hwm = d.peakResidentKib();
        d.send(ManagerMessages.terminate());
        Integer exit = d.awaitExit(60, TimeUnit.SECONDS);
        long wall = System.nanoTime() - d.startNanos();
        requireCleanExit(d, exit);
        return new Result(plan.commands(), wall, startup, firstTr, lastTr, barrier, drain, Math.max(hwm, peak.get()),
            killed.size(), new Recording(rec.bytes(), contents));
    }

    /** The metrics of the sentinel trial: hopeless values that Medianstop must stop, behind everything else. */
    static List<Command> sentinelMetrics(String parameterId, int count) {
        List<Command> out = new ArrayList<>(count);
        for (int s = 0; s < count; s++) {
            out.add(ThroughputStream.metric(parameterId, SENTINEL, "PERIODICAL", s, -1e9));
        }
        return out;
    }

    static void requireCleanExit(DaemonProcess d, Integer exit) throws SimulationException {
        if (exit == null || exit != 0) {
            throw new SimulationException("the daemon " + (exit == null ? "did not exit" : "exited with " + exit)
                + " after TE" + lastWords(d));
        }
    }

    /** Writes to the daemon and keeps a copy of every byte, for the replay. */
    private static final class Recorder {
        private final DaemonProcess d;
        private final FrameEncoder encoder = new FrameEncoder(FrameFormat.DEFAULT);
        private final ByteArrayOutputStream copy = new ByteArrayOutputStream(1 << 24);

        Recorder(DaemonProcess d) {
            this.d = d;
        }

        void write(Command c) throws IOException {
            byte[] frame = encoder.encode(c);
            copy.writeBytes(frame);
            d.writeFrames(frame);
        }

        void send(Command c) throws IOException {
            write(c);
            d.flush();
        }

        void writeFrames(byte[] frames) throws IOException {
            copy.writeBytes(frames);
            d.writeFrames(frames);
        }

        byte[] bytes() {
            return copy.toByteArray();
        }
    }

    private static long parameterId(String trialContent) {
        return Json.parseObject(trialContent, "TR content").get("parameter_id") instanceof JsonInt n ? n.value() : -1;
    }

    static void countKill(Inbound in, Set<String> killed) {
        if (isKill(in) && Json.parse(in.command().content()) instanceof JsonString s) {
            killed.add(s.value());
        }
    }

    static boolean isKill(Inbound in) {
        return in.command().type().code().equals("KI");
    }

    static boolean isKillOf(Inbound in, String job) {
        return isKill(in) && Json.parse(in.command().content()).equals(JsonString.of(job));
    }

    static Inbound next(DaemonProcess d, String what) throws InterruptedException, SimulationException {
        Inbound in = d.poll(TIMEOUT_NANOS);
        if (in == null || in.isEndOfStream()) {
            throw new SimulationException("the daemon " + (in == null ? "went silent" : "closed its output")
                + " while the benchmark waited for " + what + lastWords(d));
        }
        if (in.command().type().code().equals("ER")) {
            throw new SimulationException("the daemon reported an error: " + in.command().content());
        }
        return in;
    }

    static Inbound expect(DaemonProcess d, String code) throws InterruptedException, SimulationException {
        Inbound in = next(d, code);
        if (!in.command().type().code().equals(code)) {
            throw new SimulationException("expected " + code + ", the daemon sent " + in.command());
        }
        return in;
    }

    static String lastWords(DaemonProcess d) {
        String tail = d.logTail(1500);
        return tail.isEmpty() ? "" : "; end of its log:\n" + tail;
    }

    private static Thread startSampler(long pid, AtomicLong peak) {
        Thread t = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                long v = ProcStatus.readKib(pid, "VmHWM");
                if (v > 0) {
                    peak.accumulateAndGet(v, Math::max);
                }
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "memory-sampler");
        t.setDaemon(true);
        t.start();
        return t;
    }

}
