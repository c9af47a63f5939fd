package dev.tunerd.core.dispatch;

import dev.tunerd.core.channel.CommandChannel;
import dev.tunerd.protocol.Command;
import dev.tunerd.protocol.command.InboundCommand;
import dev.tunerd.protocol.command.InboundCommands;
import dev.tunerd.protocol.command.MetricType;
import dev.tunerd.protocol.command.OutboundCommands;
import dev.tunerd.spi.text.SafeText;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The running dispatcher: one reader thread ({@code tunerd-reader}) that receives, parses and routes commands into
 * two bounded queues, two workers ({@code tunerd-default}, {@code tunerd-assessor}) that run the
 * {@link MsgDispatcher} handlers, and the {@link ReplySink} that serialises replies. See {@code docs/THREADING.md}.
 *
 * <p>{@link #run} is called once, by the thread that owns the process (main); it blocks until the end is decided
 * (TE, end of input, or a failure, which is first reported with {@code ER}), stops the workers (queued commands are
 * dropped, a running handler may finish within {@link Settings#shutdownGrace}), closes the algorithms and the
 * channel, and returns the exit code. Not reusable; thread-safe in the sense above (its threads share only the
 * queues, the outcome and the sink).
 */
public final class Daemon {

    private static final Logger LOG = LoggerFactory.getLogger(Daemon.class);

    /**
     * @param queueCapacity  capacity of each of the two queues
     * @param shutdownGrace  how long a running handler may take to finish after the end was decided
     * @param echoPing       answer each {@code PI} with a {@code PI} once every command read before it has been
     *                       handled on both queues and its replies written ({@code --echo-ping}, a tunerd
     *                       extension: a barrier for a client that must know when the daemon is done with what it
     *                       sent); false: {@code PI} is ignored, as NNI does
     */
    public record Settings(int queueCapacity, Duration shutdownGrace, boolean echoPing) {
        public static final int DEFAULT_QUEUE_CAPACITY = 1024;
        public static final Duration DEFAULT_SHUTDOWN_GRACE = Duration.ofSeconds(10);

        public Settings {
            if (queueCapacity < 1) {
                throw new IllegalArgumentException("queue capacity must be at least 1, got " + queueCapacity);
            }
        }

        /** Settings that ignore {@code PI}, as NNI does. */
        public Settings(int queueCapacity, Duration shutdownGrace) {
            this(queueCapacity, shutdownGrace, false);
        }
    }

    private final CommandChannel channel;
    private final ReplySink sink;
    private final MsgDispatcher dispatcher;
    private final Settings settings;
    private final Outcome outcome = new Outcome();
    private final Object failureLock = new Object();
    private final Worker defaultWorker;
    private final Worker assessorWorker;
    private final Thread reader;

    public Daemon(CommandChannel channel, ReplySink sink, MsgDispatcher dispatcher, Settings settings) {
        this.channel = channel;
        this.sink = sink;
        this.dispatcher = dispatcher;
        this.settings = settings;
        // the default worker's TRs go out as soon as a GE is answered; the assessor's kill orders (one per
        // hopeless metric, thousands in a long stream) go out once per batch of metrics
        this.defaultWorker = new Worker("tunerd-default", "default", settings.queueCapacity(), dispatcher::handle,
            this::fail, null);
        this.assessorWorker = new Worker("tunerd-assessor", "assessor", settings.queueCapacity(),
            dispatcher::handleOnAssessorQueue, this::fail, sink);
        this.reader = new Thread(this::read, "tunerd-reader");
        this.reader.setDaemon(true);
    }

    /** Runs until TE, end of input or a failure; returns how the process should exit. */
    public ExitCode run() throws InterruptedException {
        LOG.info("Dispatcher started");
        // TE must end the daemon even while the reader waits for room in a full queue (WebSocket: seen on arrival)
        channel.onSessionEnd(why -> outcome.complete(ExitCode.OK, why));
        defaultWorker.start();
        assessorWorker.start();
        reader.start();
        Outcome.End end = outcome.await();
        LOG.info("Dispatcher exiting... ({})", end.reason());
        reader.interrupt();
        defaultWorker.stop();
        assessorWorker.stop();
        if (joinWorkers()) {
            closeAlgorithms();
        }
        channel.close(end.code() != ExitCode.OK);
        LOG.info("Dispatcher terminiated");
        return end.code();
    }

    /** The queues a command is handled on: one of them, or both (a tuner half and an assessor half). */
    enum Route {
        DEFAULT, ASSESSOR, BOTH;

        boolean toDefault() {
            return this != ASSESSOR;
        }

        boolean toAssessor() {
            return this != DEFAULT;
        }
    }

    /**
     * Where the reader queues a command (docs/THREADING.md). EN goes to both queues: its assessor half to the assessor
     * queue (spec 4.1), its tuner half to the default queue, behind the trial's FINAL. A PERIODICAL metric goes to
     * the assessor queue (spec 4.1), except when the tuner reads intermediate results: then its tuner half goes to
     * the default queue, in wire order with the FINALs, ENs and GEs around it (NNI hands it to such a tuner on the
     * assessor thread, racing those), and its assessor half, if an assessor runs, to the assessor queue. Everything
     * else goes to the default queue. One rule, by the tuner's capability; a tuner that does not read intermediate
     * results is routed exactly as in NNI.
     */
    static Route route(InboundCommand command, MsgDispatcher dispatcher) {
        if (command instanceof InboundCommand.TrialEnd) {
            return Route.BOTH;
        }
        if (command instanceof InboundCommand.ReportMetric me && me.metricType() == MetricType.PERIODICAL) {
            if (!dispatcher.tunerReadsIntermediateResults()) {
                return Route.ASSESSOR;
            }
            return dispatcher.hasAssessor() ? Route.BOTH : Route.DEFAULT;
        }
        return Route.DEFAULT;
    }

    private void read() {
        InboundCommand command = null;
        try {
            while (!outcome.isDone()) {
                Command received = channel.receive();
                if (received == null) {
                    outcome.complete(ExitCode.OK, "end of input");
                    return;
                }
                LOG.debug("Received command {}", SafeText.of(received));
                command = InboundCommands.parse(received);
                if (command instanceof InboundCommand.Terminate) {
                    outcome.complete(ExitCode.OK, "TE received");
                    return;
                }
                if (command instanceof InboundCommand.Ping && settings.echoPing()) {
                    echoAfterEarlierCommands();
                    command = null;
                    continue;
                }
                Route route = route(command, dispatcher);
                boolean batchFull = false;
                if (route.toAssessor()) {
                    batchFull = assessorWorker.enqueue(command);
                }
                if (route.toDefault()) { // EN's tuner half behind the trial's FINAL; a reading tuner's PERIODICAL
                    batchFull |= defaultWorker.enqueue(command);
                }
                command = null;
                if (batchFull || !channel.hasBufferedCommand()) { // hand over before waiting for the manager
                    defaultWorker.publish();
                    assessorWorker.publish();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // the daemon is ending; nothing more to read
        } catch (IOException e) {
            failAfterEarlierCommands(null, new UncheckedIOException("reading from the manager failed: "
                + e.getMessage(), e));
        } catch (RuntimeException | Error e) {
            failAfterEarlierCommands(command, e);
        }
    }

    /**
     * {@code --echo-ping}: answers a {@code PI} once both workers have handled every command read before it and
     * written their replies, so the echo follows all of them on the wire. The reader reads nothing meanwhile (the
     * client that sent the {@code PI} waits for its echo anyway); the end of the daemon ends the wait. Reader thread.
     */
    private void echoAfterEarlierCommands() throws InterruptedException {
        if (passBarriers(null)) {
            sink.send(OutboundCommands.pingEcho());
        }
    }

    /**
     * Hands both workers what was collected with a barrier behind it and waits until both reached theirs: true then,
     * false when the end is decided first or {@code limit} (null: none) has passed. Reader thread.
     */
    private boolean passBarriers(Duration limit) throws InterruptedException {
        long start = System.nanoTime();
        CountDownLatch defaultDone = defaultWorker.publishWithBarrier();
        CountDownLatch assessorDone = assessorWorker.publishWithBarrier();
        while (!(defaultDone.await(20, TimeUnit.MILLISECONDS) && assessorDone.await(20, TimeUnit.MILLISECONDS))) {
            if (outcome.isDone() || limit != null && System.nanoTime() - start > limit.toNanos()) {
                return false;
            }
        }
        return true;
    }

    /**
     * A bad frame or payload ends the daemon, but every complete command the manager sent before it (often in the
     * same read, so still collected on the reader's side) is handled first, and journalled, as if the input had
     * ended there; then the failure is reported. A handler that takes longer than {@link Settings#shutdownGrace}
     * does not hold the report back. Reader thread.
     */
    private void failAfterEarlierCommands(InboundCommand command, Throwable failure) {
        try { // a worker that fails meanwhile decides the end; this failure is then only logged
            passBarriers(settings.shutdownGrace());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        fail(command, failure);
    }

    /** Reports a failure with ER (once: the first failure decides the end) and ends the daemon with its exit code. */
    private void fail(InboundCommand command, Throwable failure) {
        synchronized (failureLock) {
            FailureReport report = FailureReport.of(failure, command);
            if (outcome.isDone()) {
                LOG.error("{} (after the end was decided; not reported)", report.summary(), failure);
                return;
            }
            if (report.code() == ExitCode.CHANNEL_IO) {
                LOG.error(report.summary()); // a lost manager is not a bug: its stack trace helps nobody
            } else {
                LOG.error(report.summary(), failure);
                report.details().forEach(LOG::error);
            }
            try {
                sink.send(OutboundCommands.error(report.text()));
            } catch (RuntimeException e) {
                LOG.error("Connection to NNI manager is broken. Failed to report error: {}", e.getMessage());
            }
            outcome.complete(report.code(), report.summary());
        }
    }

    private boolean joinWorkers() throws InterruptedException {
        long deadline = System.nanoTime() + settings.shutdownGrace().toNanos();
        boolean done = defaultWorker.join(remainingMillis(deadline)) && assessorWorker.join(remainingMillis(deadline));
        if (!done) {
            LOG.warn("A handler is still running {} ms after the end; exiting without waiting for it",
                settings.shutdownGrace().toMillis());
        }
        return done;
    }

    private void closeAlgorithms() {
        try {
            dispatcher.closeAlgorithms();
        } catch (RuntimeException e) {
            LOG.warn("Closing the algorithms failed", e);
        }
    }

    private static long remainingMillis(long deadlineNanos) {
        return Duration.ofNanos(deadlineNanos - System.nanoTime()).toMillis();
    }
}
