package dev.tunerd.tuners.chaos;

import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonValue;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A seeded manager with 1-8 workers that drives an advisor through {@link SpiHost} as a hostile NNI manager would:
 * requests for free workers, trials that report intermediate results in order, out of order, repeated, late after their
 * end or not at all, values of every kind ({@link HostileValues}), a FINAL missing, twice, or after the end, ends of
 * every kind (SUCCEEDED, FAILED, EARLY_STOPPED, USER_CANCELED, SYS_CANCELED, with and without a result), results for
 * unknown and finished ids, customized trials, imports, a fork (a restored copy that must go on as the original) and
 * kills with a resume from the checkpoint. After every event it checks liveness: never every worker waiting on a
 * {@code NO} while nothing is in flight. Every event is written to {@link #trace()}.
 */
final class HostileManager {

    /** What a run may do: the shrinker turns these down one at a time. */
    record Knobs(int workers, double hostility, boolean forks, boolean restarts, boolean extras, int events) {
        Knobs with(int w, double h, boolean f, boolean r, boolean x) {
            return new Knobs(w, h, f, r, x, events);
        }

        @Override
        public String toString() {
            return "workers=" + workers + " hostility=" + hostility + " forks=" + forks + " restarts=" + restarts
                + " extras=" + extras + " events=" + events;
        }
    }

    private static final String[] FAILED_ENDS = {"FAILED", "EARLY_STOPPED", "USER_CANCELED", "SYS_CANCELED"};

    /** A message of one trial still to be sent: an intermediate result, its FINAL, or its end. */
    private record Message(Trial trial, char kind, int sequence, JsonValue value, String event) {
    }

    /** A trial on a worker: the set it runs (null for a customized trial) and its messages still to be sent. */
    private static final class Trial {
        final SpiHost.Issued set;
        final String job;
        final Deque<Message> plan = new ArrayDeque<>();

        Trial(SpiHost.Issued set, String job) {
            this.set = set;
            this.job = job;
        }
    }

    private final SplittableRandom r;
    private final SpiHost host;
    private final Knobs knobs;
    private final List<Trial> running = new ArrayList<>();
    private final List<Message> stragglers = new ArrayList<>();
    private final List<String> trace = new ArrayList<>();
    private int idle;
    private int waiting;
    private int jobs;
    private final List<Long> finished = new ArrayList<>();

    HostileManager(long seed, SpiHost host, Knobs knobs) {
        this.r = new SplittableRandom(seed);
        this.host = host;
        this.knobs = knobs;
        this.idle = knobs.workers();
    }

    List<String> trace() {
        return trace;
    }

    /** Runs the stream: {@code knobs.events()} events, then the trials in flight to their ends (no new requests). */
    void run() {
        for (int i = 0; i < knobs.events(); i++) {
            step(true);
        }
        for (int i = 0; i < 100_000 && (!running.isEmpty() || !stragglers.isEmpty()); i++) {
            step(false);
        }
        checkLiveness();
    }

    /** Runs the first {@code events} events only (for diagnosis). */
    void runPrefix(int events) {
        for (int i = 0; i < events; i++) {
            step(true);
        }
    }

    private void step(boolean open) {
        double request = open && idle > 0 ? 4 : 0;
        double progress = running.isEmpty() ? 0 : 8;
        double late = stragglers.isEmpty() ? 0 : 1;
        double extras = open && knobs.extras() ? 0.3 : 0;
        double fork = open && knobs.forks() && !host.mirrored() && host.forks() < 2 ? 0.02 : 0;
        double restart = open && knobs.restarts() && host.restarts() < 3 ? 0.015 : 0;
        double total = request + progress + late + extras + fork + restart;
        if (total == 0) {
            return;
        }
        double u = r.nextDouble() * total;
        if ((u -= request) < 0) {
            request(1 + r.nextInt(idle));
        } else if ((u -= progress) < 0) {
            Trial t = running.get(r.nextInt(running.size()));
            send(t.plan.poll());
        } else if ((u -= late) < 0) {
            send(stragglers.remove(r.nextInt(stragglers.size())));
        } else if ((u -= extras) < 0) {
            extra();
        } else if ((u -= fork) < 0) {
            trace.add("fork: a copy restored from the snapshot goes on in lockstep");
            host.fork();
        } else {
            trace.add("kill -9 and resume from the checkpoint (" + waiting + " owed requests void, asked again)");
            host.restart();
            idle += waiting;
            waiting = 0;
        }
        checkLiveness();
    }

    private void checkLiveness() {
        if (waiting > 0 && running.isEmpty() && stragglers.isEmpty()) {
            throw new AssertionError("liveness: " + waiting + " worker(s) wait on a NO while no trial is in flight"
                + " (" + idle + " idle, " + knobs.workers() + " workers): the advisor would answer NO forever");
        }
        if (host.owedCount() != waiting) {
            throw new AssertionError("the daemon owes " + host.owedCount() + " ids but " + waiting + " workers wait");
        }
    }

    private void request(int count) {
        List<SpiHost.Issued> got = host.request(count);
        int filled = got.size();
        trace.add("GE " + count + " -> " + describe(got) + (filled < count ? " NO (" + (count - filled) + " owed)" : ""));
        idle -= count;
        waiting += count;
        start(got);
    }

    private void start(List<SpiHost.Issued> sets) {
        for (SpiHost.Issued s : sets) {
            waiting--;
            Trial t = new Trial(s, "T" + jobs++);
            plan(t);
            running.add(t);
        }
    }

    private static String describe(List<SpiHost.Issued> sets) {
        List<String> out = new ArrayList<>();
        sets.forEach(s -> out.add(s.id() + "=" + s.wire() + "@" + s.budget()));
        return out.toString();
    }

    /** The messages a trial will send: a kind of ending, then disorder, repeats and losses. */
    private void plan(Trial t) {
        int budget = Math.min(t.set == null ? 5 : t.set.budget(), 30);
        int kind = r.nextInt(20);
        int reports = kind < 12 ? budget : r.nextInt(budget + 1);
        List<Message> m = new ArrayList<>();
        double last = Double.NaN;
        for (int e = 0; e < reports; e++) {
            last = HostileValues.curve(t.set == null ? dev.tunerd.spi.json.JsonObject.EMPTY : t.set.params(), e)
                + r.nextGaussian() * 0.01;
            m.add(new Message(t, 'M', e, HostileValues.metric(r, last, knobs.hostility()), null));
        }
        boolean withFinal = kind < 12 ? r.nextInt(10) > 0 : kind < 15 && r.nextBoolean();
        if (withFinal) {
            double v = Double.isNaN(last) ? r.nextDouble() : last;
            m.add(new Message(t, 'F', 0, HostileValues.metric(r, v, knobs.hostility()), null));
        }
        m.add(new Message(t, 'E', 0, null, kind < 12 || kind == 19 ? "SUCCEEDED" : FAILED_ENDS[r.nextInt(4)]));
        for (int i = 0; i + 1 < m.size(); i++) { // disorder: neighbours swapped, an EN before the FINAL, reports late
            if (r.nextDouble() < knobs.hostility()) {
                m.set(i, m.set(i + 1, m.get(i)));
            }
        }
        for (int i = 0; i < m.size(); i++) { // repeats: a report or a FINAL sent twice
            if (m.get(i).kind() != 'E' && r.nextDouble() < knobs.hostility() / 2) {
                m.add(i + r.nextInt(m.size() - i), m.get(i));
                i++;
            }
        }
        t.plan.addAll(m);
    }

    private void send(Message msg) {
        Trial t = msg.trial();
        if (t.set == null) { // a customized trial: its parameter id is None, nothing reaches the advisor
            if (msg.kind() == 'F') {
                host.customizedResult();
            }
            trace.add(t.job + " (customized) " + msg.kind());
            if (msg.kind() == 'E') {
                ended(t);
            }
            return;
        }
        long id = t.set.id();
        List<SpiHost.Issued> sent = switch (msg.kind()) {
            case 'M' -> host.intermediate(id, t.job, msg.sequence(), msg.value());
            case 'F' -> host.finalResult(id, t.job, msg.value());
            default -> host.trialEnd(id, msg.event().equals("SUCCEEDED"));
        };
        trace.add(t.job + " " + switch (msg.kind()) {
            case 'M' -> "ME " + id + " #" + msg.sequence() + " " + msg.value();
            case 'F' -> "FINAL " + id + " " + msg.value();
            default -> "EN " + id + " " + msg.event();
        } + (sent.isEmpty() ? "" : " -> sent " + describe(sent)));
        if (msg.kind() == 'E' && running.contains(t)) {
            ended(t);
            finished.add(id);
        }
        start(sent);
    }

    /** The worker is free; whatever the trial had not sent yet may still come, at any time later. */
    private void ended(Trial t) {
        running.remove(t);
        while (!t.plan.isEmpty()) {
            Message m = t.plan.poll();
            if (m.kind() != 'E') {
                stragglers.add(m);
            }
        }
        idle++;
    }

    /** The rarer events: an import, a customized trial, results and ends for unknown and finished ids. */
    private void extra() {
        switch (r.nextInt(4)) {
            case 0 -> {
                int n = r.nextInt(6);
                trace.add("FD " + n + " entries");
                start(host.importData(HostileValues.imports(r, n)));
            }
            case 1 -> {
                if (idle > 0) {
                    idle--;
                    Trial t = new Trial(null, "C" + jobs++);
                    plan(t);
                    running.add(t);
                    trace.add(t.job + " customized trial started");
                }
            }
            case 2 -> {
                long id = finished.isEmpty() || r.nextBoolean() ? 1_000_000 + r.nextInt(1000)
                    : finished.get(r.nextInt(finished.size()));
                trace.add("FINAL and EN for " + (id >= 1_000_000 ? "unknown" : "finished") + " id " + id);
                start(host.finalResult(id, "X", JsonFloat.of(r.nextDouble())));
                start(host.trialEnd(id, true));
            }
            default -> {
                if (!finished.isEmpty()) {
                    long id = finished.get(r.nextInt(finished.size()));
                    trace.add("late ME for finished id " + id);
                    start(host.intermediate(id, "X", 1000, JsonFloat.of(r.nextDouble())));
                }
            }
        }
    }
}
