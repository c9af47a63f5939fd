package dev.tunerd.simulator.manager;

import dev.tunerd.protocol.Command;
import dev.tunerd.protocol.CommandType;
import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.spi.text.SafeText;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * Plays NNI's manager against a daemon child: {@code IN}, wait for {@code ID}, {@code GE <concurrency>}, then runs
 * up to {@code concurrency} trials at once in simulated time. Every trial evaluates the problem instantly; its epochs
 * are events on a virtual clock (each trial gets a random epoch duration from the seed), so concurrent trials finish
 * in an interleaved, reproducible order. A trial trains the problem's horizon, or {@code TRIAL_BUDGET} epochs when
 * an advisor set one ({@link TrialBudget}). Per epoch a {@code PERIODICAL ME}; at the end {@code FINAL ME} (the value
 * at its last epoch) and {@code EN SUCCEEDED}; a {@code KI} ends the trial at once with {@code EN EARLY_STOPPED};
 * every ended trial is followed by {@code GE 1} while more trials are needed. {@code TE} at the end, then the exit
 * code is checked.
 *
 * <p>A {@code NO} is read as NNI's manager reads it: the experiment goes on, and a request refused now may be paid
 * with a TR once a result comes (an advisor waiting for a rung). While the daemon owes such trials, and it echoes
 * {@code PI}, every trial end is followed by a {@code PI} barrier, so a paid trial starts at the virtual time of the
 * result that paid it whatever the threads' timing. The run ends early, as exhausted, only when the daemon refused
 * and nothing runs that could make it send more.
 *
 * <p>Single-threaded: the caller's thread runs the loop; only the daemon's reader thread runs beside it.
 */
public final class SimulatedManager {

    private static final long EXHAUSTED_GRACE_NANOS = TimeUnit.SECONDS.toNanos(1);
    private static final long EXIT_TIMEOUT_SECONDS = 30;

    private final ExperimentSettings settings;
    private final DaemonProcess daemon;
    private final ProgressListener progress;
    private final SplittableRandom durations;
    private final RequestLedger ledger = new RequestLedger();
    /** The parameter ids of the TRs received, as JSON text. */
    private final Set<String> issuedIds = new HashSet<>();
    private final Deque<QueuedTrial> queued = new ArrayDeque<>();
    private final Map<String, RunningTrial> running = new HashMap<>();
    private final PriorityQueue<RunningTrial> events =
        new PriorityQueue<>(Comparator.comparingDouble((RunningTrial t) -> t.nextEventTime).thenComparing(t -> t.jobId));
    private final List<TrialRecord> finished = new ArrayList<>();
    private double best = Double.POSITIVE_INFINITY;
    private double virtualNow;
    private int started;
    private boolean refused;
    /** A trial ended since the last settling while the daemon owed refused requests: it may pay one now. */
    private boolean unsettled;
    /** The largest budget a finished trial had so far, and the best final value among the trials trained to it. */
    private int largestSoFar;

    public SimulatedManager(ExperimentSettings settings, DaemonProcess daemon, ProgressListener progress) {
        this.settings = settings;
        this.daemon = daemon;
        this.progress = progress;
        this.durations = new SplittableRandom(settings.seed());
    }

    /** Runs the experiment to its end and stops the daemon. */
    public RunResult run() throws IOException, InterruptedException, SimulationException {
        daemon.send(ManagerMessages.initialize(settings.problem().searchSpace()));
        awaitInitialized();
        request(settings.concurrency());
        boolean exhausted = false;
        while (finished.size() < settings.trials() && !exhausted) {
            drainAvailable();
            if (unsettled) {
                settle();
            }
            startQueued();
            // virtual time stands still while a request is unanswered: a real trial runs far longer than a
            // suggestion takes, so every TR is in before the trials already running report again (and the run
            // does not depend on how fast this machine is)
            if (events.isEmpty() || ledger.outstanding() > 0) {
                exhausted = !awaitDaemon();
            } else {
                advance(events.poll());
            }
        }
        long peak = daemon.peakResidentKib();
        daemon.send(ManagerMessages.terminate());
        int exit = awaitExit();
        long wall = System.nanoTime() - daemon.startNanos();
        return new RunResult(settings.problem().name(), settings.problem().optimum(), settings.problem().epochs(),
            finished, wall, exit, exhausted, peak);
    }

    private void awaitInitialized() throws InterruptedException, SimulationException {
        Inbound in = daemon.poll(settings.replyTimeout().toNanos());
        if (in == null) {
            throw new SimulationException("the daemon did not answer IN with ID within " + settings.replyTimeout()
                + logTail());
        }
        Command c = checkAlive(in);
        if (!c.type().code().equals("ID")) {
            throw new SimulationException("expected ID after IN, the daemon sent " + c);
        }
    }

    /** Waits for the daemon when nothing can run; false when the tuner is exhausted. */
    private boolean awaitDaemon() throws InterruptedException, SimulationException, IOException {
        boolean owed = ledger.outstanding() > 0 || !running.isEmpty();
        if (!owed && settings.echoPing()) { // every reply is in after the barrier: a TR now comes, or none ever will
            barrier();
            return !queued.isEmpty();
        }
        long wait = refused && !owed ? EXHAUSTED_GRACE_NANOS : settings.replyTimeout().toNanos();
        Inbound in = daemon.poll(wait);
        if (in == null) {
            if (refused && !owed) {
                return false;
            }
            throw new SimulationException("the daemon sent nothing for " + settings.replyTimeout() + " while "
                + ledger.outstanding() + " trials were requested" + logTail());
        }
        handle(in);
        return true;
    }

    private void drainAvailable() throws SimulationException, IOException {
        Inbound in;
        while ((in = daemon.pollNow()) != null) {
            handle(in);
        }
    }

    /**
     * Sends {@code PI} and handles what the daemon sends until its echo: every reply to what was sent before is then
     * in (the daemon runs with {@code --echo-ping}).
     */
    private void barrier() throws IOException, InterruptedException, SimulationException {
        unsettled = false;
        daemon.send(ManagerMessages.ping());
        for (Inbound in = nextOrFail(); in.isEndOfStream() || in.command().type() != CommandType.PING;
             in = nextOrFail()) {
            handle(in);
        }
    }

    /**
     * Lets the daemon pay what a result allows before virtual time moves on: a barrier when it echoes {@code PI}
     * (exact), else quiet for {@code assessWait} (a paid trial that comes later starts later).
     */
    private void settle() throws IOException, InterruptedException, SimulationException {
        if (settings.echoPing()) {
            barrier();
            return;
        }
        unsettled = false;
        Inbound in;
        while ((in = daemon.poll(settings.assessWait().toNanos())) != null) {
            handle(in);
        }
    }

    private Inbound nextOrFail() throws InterruptedException, SimulationException {
        Inbound in = daemon.poll(settings.replyTimeout().toNanos());
        if (in == null) {
            throw new SimulationException("the daemon did not answer PI (--echo-ping) within " + settings.replyTimeout()
                + exitNote() + logTail());
        }
        return in;
    }

    private void handle(Inbound in) throws SimulationException, IOException {
        Command c = checkAlive(in);
        switch (c.type().code()) {
            case "TR" -> queueTrial(c, in.receivedNanos());
            case "NO" -> noMore(c);
            case "KI" -> kill(c);
            default -> throw new SimulationException("unexpected command from the daemon: " + c);
        }
    }

    private Command checkAlive(Inbound in) throws SimulationException {
        if (in.isEndOfStream()) {
            String why = in.failure() == null ? "" : " (" + in.failure().getMessage() + ")";
            throw new SimulationException("the daemon closed its output unexpectedly" + why + exitNote() + logTail());
        }
        if (in.command().type().code().equals("ER")) {
            throw new SimulationException("the daemon reported an error (ER): " + in.command().content());
        }
        return in.command();
    }

    private void queueTrial(Command c, long receivedNanos) throws SimulationException {
        JsonObject record = parseObject(c);
        JsonValue id = record.get("parameter_id");
        JsonValue parameters = record.get("parameters");
        if (id == null || parameters == null) {
            throw new SimulationException("TR without parameter_id or parameters: " + c);
        }
        if (!issuedIds.add(Json.write(id))) { // the ledger matches no ids, so nothing else would notice
            throw new SimulationException("the daemon issued parameter_id " + SafeText.of(Json.write(id))
                + " twice (a tuner must name every set once): " + SafeText.of(c.toString()));
        }
        queued.addLast(new QueuedTrial(id, parameters, c.content(), receivedNanos - ledger.answered()));
    }

    private void noMore(Command c) throws SimulationException {
        parseObject(c); // its parameter_id ("-1_0_0" from an advisor) says nothing about which request it closes
        refused = true;
        ledger.refused();
    }

    private void kill(Command c) throws SimulationException, IOException {
        JsonValue id;
        try {
            id = Json.parse(c.content());
        } catch (RuntimeException e) {
            throw new SimulationException("KI content is not JSON: " + c, e);
        }
        if (!(id instanceof JsonString s)) {
            throw new SimulationException("KI content must be a JSON string (the trial job id): " + c);
        }
        RunningTrial t = running.get(s.value());
        if (t != null) {
            events.remove(t);
            end(t, TrialStatus.EARLY_STOPPED);
        }
    }

    private void startQueued() throws SimulationException {
        while (running.size() < settings.concurrency() && !queued.isEmpty() && started < settings.trials()) {
            QueuedTrial q = queued.pollFirst();
            RunningTrial t;
            try {
                TrialBudget budget = budgetOf(q);
                JsonValue plain = q.parameters() instanceof JsonObject ? budget.plain() : q.parameters();
                t = new RunningTrial(String.format("trial%05d", started), q, settings.problem().evaluate(plain),
                    budget, 0.5 + durations.nextDouble());
            } catch (IllegalArgumentException e) {
                throw new SimulationException("the tuner's parameters do not fit the problem "
                    + settings.problem().name() + ": " + SafeText.of(e.getMessage()) + " (TR " + SafeText.of(q.content())
                    + ")", e);
            }
            started++;
            t.startTime = virtualNow;
            t.nextEventTime = virtualNow + t.epochDuration;
            running.put(t.jobId, t);
            events.add(t);
        }
    }

    private TrialBudget budgetOf(QueuedTrial q) throws SimulationException {
        if (!(q.parameters() instanceof JsonObject params)) { // the problem says what it expected
            return new TrialBudget(settings.problem().epochs(), false, JsonObject.EMPTY);
        }
        TrialBudget budget = TrialBudget.of(params, settings.problem().epochs());
        if (budget.budgeted() && settings.problem().epochs() == 1) {
            throw new SimulationException("the tuner sets " + TrialBudget.KEY + " (a multi-fidelity advisor), but "
                + "problem " + settings.problem().name() + " has a single epoch: no trial can train a smaller budget;"
                + " choose a learning-curve problem (TR " + SafeText.of(q.content()) + ")");
        }
        return budget;
    }

    private void advance(RunningTrial t) throws IOException, InterruptedException, SimulationException {
        virtualNow = t.nextEventTime;
        int epochs = settings.problem().epochs();
        if (epochs > 1) {
            daemon.send(ManagerMessages.periodical(t.parameterId, t.jobId, t.epochsSent, t.trajectory.at(t.epochsSent)));
            t.epochsSent++;
            if (settings.withAssessor() && awaitVerdict(t)) {
                return;
            }
        } else {
            t.epochsSent = 1;
        }
        if (t.epochsSent >= t.budget) {
            end(t, TrialStatus.SUCCEEDED);
        } else {
            t.nextEventTime = virtualNow + t.epochDuration;
            events.add(t);
        }
    }

    /** Gives the assessor its time to answer; true when the trial was killed meanwhile. */
    private boolean awaitVerdict(RunningTrial t) throws InterruptedException, SimulationException, IOException {
        if (settings.echoPing()) { // every reply to the metric is in once the PI's echo is
            barrier();
            return !running.containsKey(t.jobId);
        }
        long deadline = System.nanoTime() + settings.assessWait().toNanos();
        while (running.containsKey(t.jobId)) {
            long left = deadline - System.nanoTime();
            Inbound in = left > 0 ? daemon.poll(left) : null;
            if (in == null) {
                return false;
            }
            handle(in);
        }
        return true;
    }

    private void end(RunningTrial t, TrialStatus status) throws IOException {
        running.remove(t.jobId);
        if (status == TrialStatus.SUCCEEDED) {
            daemon.write(ManagerMessages.fin(t.parameterId, t.jobId, t.lastValue()));
        }
        if (t.budget > largestSoFar) { // the best so far counts the trials trained to the largest budget, as the summary
            largestSoFar = t.budget;
            best = Double.POSITIVE_INFINITY;
        }
        if (status == TrialStatus.SUCCEEDED && t.budget == largestSoFar) {
            best = Math.min(best, t.lastValue());
        }
        daemon.write(ManagerMessages.trialEnd(t.jobId, status, t.trialContent));
        TrialRecord record = new TrialRecord(finished.size(), t.parameterId, t.jobId, t.parameters, t.lastValue(),
            t.trajectory.trueFinal(), Math.max(1, t.epochsSent), status, t.latencyNanos,
            t.sentIntermediate(settings.problem().epochs()), t.startTime, virtualNow, t.budgeted ? t.budget : 0);
        finished.add(record);
        if (started + queued.size() + ledger.outstanding() < settings.trials()) {
            request(1);
        }
        daemon.flush();
        unsettled = ledger.deferred() > 0; // a result may pay a refused request now
        progress.trialEnded(record, finished.size(), settings.trials(), best, System.nanoTime() - daemon.startNanos());
    }

    private void request(int count) throws IOException {
        daemon.write(ManagerMessages.requestTrials(count));
        daemon.flush();
        ledger.requested(count, System.nanoTime());
    }

    private int awaitExit() throws InterruptedException, SimulationException {
        Integer exit = daemon.awaitExit(EXIT_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        if (exit == null) {
            daemon.close();
            throw new SimulationException("the daemon did not exit within " + EXIT_TIMEOUT_SECONDS + " s after TE");
        }
        if (exit != 0) {
            throw new SimulationException("the daemon exited with code " + exit + " after TE" + logTail());
        }
        return exit;
    }

    private static JsonObject parseObject(Command c) throws SimulationException {
        try {
            return Json.parseObject(c.content(), c.type().code() + " content");
        } catch (RuntimeException e) {
            throw new SimulationException("malformed " + c.type().code() + " from the daemon: " + e.getMessage(), e);
        }
    }

    private String exitNote() throws SimulationException {
        try {
            Integer exit = daemon.awaitExit(2, TimeUnit.SECONDS);
            return exit == null ? "" : "; it exited with code " + exit;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SimulationException("interrupted while waiting for the daemon to exit", e);
        }
    }

    private String logTail() {
        String tail = daemon.logTail(2000);
        return tail.isEmpty() ? "" : "; end of its log:\n" + tail;
    }
}
