package dev.tunerd.simulator.fidelity;

import dev.tunerd.protocol.Command;
import dev.tunerd.protocol.CommandType;
import dev.tunerd.protocol.json.Json;
import dev.tunerd.simulator.manager.DaemonProcess;
import dev.tunerd.simulator.manager.Inbound;
import dev.tunerd.simulator.manager.ManagerMessages;
import dev.tunerd.simulator.manager.SimulationException;
import dev.tunerd.simulator.manager.TrialBudget;
import dev.tunerd.simulator.manager.TrialStatus;
import dev.tunerd.simulator.problem.Trajectory;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import dev.tunerd.spi.json.JsonValue;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.concurrent.TimeUnit;

/**
 * Plays NNI's manager for a multi-fidelity benchmark: {@code IN}, {@code GE <workers>}, then up to {@code workers}
 * trials at once on a virtual clock where every epoch takes one unit. A trial trains {@code TRIAL_BUDGET} epochs when
 * its parameters carry one (clamped to 1..epochs), else all of them; it reports a {@code PERIODICAL} per epoch, then
 * {@code FINAL} (its value at its last epoch) and {@code EN SUCCEEDED}; a {@code KI} ends it at once
 * ({@code EN EARLY_STOPPED}, costing the epochs trained). Each trial end is followed by {@code GE 1}. The run stops
 * when the epoch budget is spent. Virtual time stands still while a request is unanswered. Every value is reported as
 * {@link BudgetedRun#reporting()} maps the problem's loss; the incumbent is the best reported final value among the
 * trials trained to the largest budget (the first of equals), its regret the true loss. Single-threaded.
 */
public final class BudgetedManager {
    private static final class Trial {
        final String jobId;
        final JsonValue parameterId;
        final String content;
        final Trajectory curve;
        final int budget;
        final long order;
        int epochs;
        double nextTime;

        Trial(String jobId, JsonValue parameterId, String content, Trajectory curve, int budget, long order) {
            this.jobId = jobId;
            this.parameterId = parameterId;
            this.content = content;
            this.curve = curve;
            this.budget = budget;
            this.order = order;
        }
    }

    private record Queued(JsonValue parameterId, JsonObject parameters, String content) {
    }

    private final BudgetedRun run;
    private final DaemonProcess daemon;
    private final Deque<Queued> queued = new ArrayDeque<>();
    private final Map<String, Trial> running = new HashMap<>();
    private final PriorityQueue<Trial> events = new PriorityQueue<>(
        Comparator.comparingDouble((Trial t) -> t.nextTime).thenComparingLong(t -> t.order));
    private final double[] regretAt = {Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN}; // 25, 50, 100, 33, 75 %
    private int outstanding;
    /**
     * Requests the daemon answered {@code NO} and has not paid yet. A paid trial is sent from a trial end, just
     * before the answer to the request that follows that end, and a count of answers cannot tell the two apart; while
     * this is above 0 the manager waits for quiet after the answers ({@link #OWED_SETTLE}), so a paid trial and the
     * answer start at the same virtual time whatever the threads' timing (Hyperband's {@code hold_for_decisions}).
     */
    private int owedByDaemon;
    private static final java.time.Duration OWED_SETTLE = java.time.Duration.ofMillis(3);
    private long spent;
    private double now;
    private double elapsedAtHalf = Double.NaN;
    private int started;
    private int full;
    private int killed;
    private double incumbentObserved;
    private double incumbentTrue = Double.NaN;

    public BudgetedManager(BudgetedRun run, DaemonProcess daemon) {
        this.run = run;
        this.daemon = daemon;
        this.incumbentObserved = run.reporting().worst();
    }

    public BudgetedOutcome run() throws IOException, InterruptedException, SimulationException {
        daemon.send(ManagerMessages.initialize(run.problem().searchSpace()));
        Command id = next(run.replyTimeout().toNanos());
        if (!id.type().code().equals("ID")) {
            throw new SimulationException("expected ID after IN, the daemon sent " + id);
        }
        request(run.workers());
        while (spent < run.epochBudget()) {
            drain();
            if (outstanding > 0) {
                handle(next(run.replyTimeout().toNanos()));
                if (outstanding == 0 && (!run.settle().isZero() || owedByDaemon > 0)) {
                    settle();
                }
                continue;
            }
            startQueued();
            Trial t = events.poll();
            if (t == null) {
                Inbound in = daemon.poll(run.replyTimeout().toNanos());
                if (in == null) {
                    break; // nothing runs, nothing comes: the algorithm has nothing more to offer
                }
                handle(command(in));
                continue;
            }
            epoch(t);
        }
        daemon.send(ManagerMessages.terminate());
        Integer exit = daemon.awaitExit(30, TimeUnit.SECONDS);
        if (exit == null || exit != 0) {
            throw new SimulationException("the daemon exited with " + exit + " after TE; " + daemon.logTail(2000));
        }
        // trials whose epoch ends at the same instant as the last counted one were busy too
        long inFlight = events.stream().filter(t -> t.nextTime <= now).count();
        double utilisation = now > 0 ? (spent + inFlight) / (run.workers() * now) : 0;
        return new BudgetedOutcome(regretAt.clone(), spent, now, utilisation, started, full, killed, elapsedAtHalf);
    }

    private void epoch(Trial t) throws IOException, InterruptedException, SimulationException {
        now = t.nextTime;
        double value = run.reporting().reported(t.curve.at(t.epochs));
        daemon.send(ManagerMessages.periodical(t.parameterId, t.jobId, t.epochs, value));
        t.epochs++;
        spent++;
        if (run.withAssessor() && awaitKill(t)) {
            checkpoint();
            return;
        }
        if (t.epochs >= t.budget) {
            finish(t, value);
        } else {
            t.nextTime = now + 1;
            events.add(t);
        }
        checkpoint();
    }

    private void finish(Trial t, double value) throws IOException {
        running.remove(t.jobId);
        daemon.write(ManagerMessages.fin(t.parameterId, t.jobId, value));
        daemon.write(ManagerMessages.trialEnd(t.jobId, TrialStatus.SUCCEEDED, t.content));
        if (t.budget >= run.problem().epochs()) {
            full++;
            if (run.reporting().better(value, incumbentObserved)) {
                incumbentObserved = value;
                incumbentTrue = t.curve.trueFinal();
            }
        }
        request(1);
    }

    private void checkpoint() {
        // a third: issue 13's "at most a third of the epochs"; three quarters: "fewer epochs at no worse regret"
        double[] shares = {0.25, 0.5, 1.0, 1.0 / 3, 0.75};
        for (int i = 0; i < shares.length; i++) {
            if (spent == (long) Math.ceil(shares[i] * run.epochBudget())) {
                regretAt[i] = incumbentTrue - run.problem().optimum();
                if (i == 1) {
                    elapsedAtHalf = now;
                }
            }
        }
    }

    private boolean awaitKill(Trial t) throws InterruptedException, SimulationException, IOException {
        if (run.echoPing()) {
            barrier();
            return !running.containsKey(t.jobId);
        }
        long deadline = System.nanoTime() + run.assessWait().toNanos();
        while (running.containsKey(t.jobId)) {
            long left = deadline - System.nanoTime();
            Inbound in = left > 0 ? daemon.poll(left) : null;
            if (in == null) {
                return false;
            }
            handle(command(in));
        }
        return true;
    }

    private void startQueued() throws SimulationException {
        while (running.size() < run.workers() && !queued.isEmpty()) {
            Queued q = queued.pollFirst();
            TrialBudget budget;
            Trajectory curve;
            try {
                budget = TrialBudget.of(q.parameters(), run.problem().epochs());
                curve = run.problem().evaluate(budget.plain());
            } catch (IllegalArgumentException e) {
                throw new SimulationException("parameters do not fit " + run.problem().name() + ": " + e.getMessage(), e);
            }
            Trial t = new Trial(String.format("trial%05d", started), q.parameterId(), q.content(), curve,
                budget.epochs(), started);
            started++;
            t.nextTime = now + 1;
            running.put(t.jobId, t);
            events.add(t);
        }
    }

    private void handle(Command c) throws SimulationException, IOException {
        switch (c.type().code()) {
            case "TR" -> {
                JsonObject record = Json.parseObject(c.content(), "TR content");
                if (!(record.get("parameters") instanceof JsonObject params)) {
                    throw new SimulationException("TR parameters must be an object: " + c);
                }
                queued.addLast(new Queued(record.get("parameter_id"), params, c.content()));
                if (outstanding > 0) {
                    outstanding--;
                } else if (owedByDaemon > 0) {
                    owedByDaemon--; // a request answered NO before, paid now
                }
            }
            case "NO" -> {
                owedByDaemon += outstanding;
                outstanding = 0;
            }
            case "KI" -> {
                if (Json.parse(c.content()) instanceof JsonString s && running.containsKey(s.value())) {
                    Trial t = running.remove(s.value());
                    events.remove(t);
                    killed++;
                    daemon.write(ManagerMessages.trialEnd(t.jobId, TrialStatus.EARLY_STOPPED, t.content));
                    request(1);
                }
            }
            default -> throw new SimulationException("unexpected command from the daemon: " + c);
        }
    }

    private void request(int n) throws IOException {
        daemon.write(ManagerMessages.requestTrials(n));
        daemon.flush();
        outstanding += n;
    }

    private void drain() throws SimulationException, IOException {
        Inbound in;
        while ((in = daemon.pollNow()) != null) {
            handle(command(in));
        }
    }

    private void settle() throws InterruptedException, SimulationException, IOException {
        if (run.echoPing()) {
            barrier();
            return;
        }
        Inbound in;
        long quiet = (run.settle().isZero() ? OWED_SETTLE : run.settle()).toNanos();
        while ((in = daemon.poll(quiet)) != null) {
            handle(command(in));
        }
    }

    /**
     * Sends {@code PI} and handles what the daemon sends until its echo: every reply to what was sent before is then
     * in, whatever the threads' timing (the daemon runs with {@code --echo-ping}).
     */
    private void barrier() throws IOException, InterruptedException, SimulationException {
        daemon.send(ManagerMessages.ping());
        for (Command c = next(run.replyTimeout().toNanos()); c.type() != CommandType.PING;
             c = next(run.replyTimeout().toNanos())) {
            handle(c);
        }
    }

    private Command next(long timeoutNanos) throws InterruptedException, SimulationException {
        Inbound in = daemon.poll(timeoutNanos);
        if (in == null) {
            throw new SimulationException("the daemon sent nothing for " + run.replyTimeout() + "; "
                + daemon.logTail(2000));
        }
        return command(in);
    }

    private Command command(Inbound in) throws SimulationException {
        if (in.isEndOfStream()) {
            throw new SimulationException("the daemon closed its output; " + daemon.logTail(2000));
        }
        if (in.command().type().code().equals("ER")) {
            throw new SimulationException("the daemon reported an error: " + in.command().content());
        }
        return in.command();
    }

}
