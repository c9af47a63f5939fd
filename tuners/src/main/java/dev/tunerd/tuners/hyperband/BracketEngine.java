package dev.tunerd.tuners.hyperband;

import dev.tunerd.spi.json.JsonObject;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Hyperband's bookkeeping, shared by Hyperband and BOHB: brackets of successive halving run one after the other
 * ({@code s = sMax .. 0}, then again), configurations of a round waiting to be issued, and the dispatcher ids they
 * were issued under. When every trial of a round has ended, the best {@code 1/eta} (by the last value each reported)
 * are queued for the next round with the larger budget, ahead of configurations of newer brackets (NNI queues them
 * behind), so a bracket reaches its largest budget as soon as it can. Where NNI would wait forever or fail, this engine does not:
 * a trial that ended without a result is simply not promoted, and a round with no result at all ends its bracket.
 *
 * <p>Wire ids are NNI's: {@code "<hb>-<s>_<i>_<n>"} (Hyperband) or {@code "<s>_<i>_<n>"} (BOHB), {@code n} a counter
 * shared by every configuration and kept by it through its rounds. Not thread-safe.
 */
public final class BracketEngine {
    /** Where new configurations come from (random for Hyperband, a model for BOHB). */
    @FunctionalInterface
    public interface ConfigSource {
        /** A new configuration (without the budget key) to start at {@code budget}. */
        JsonObject next(int budget);
    }

    /** The configuration and budget an id was issued with. */
    public record Issued(JsonObject params, int budget) {
    }

    private final BracketPlan plan;
    private final boolean serial;
    private final boolean hyperbandIds;
    final List<Bracket> brackets = new ArrayList<>();
    final ArrayDeque<int[]> pending = new ArrayDeque<>(); // {bracket, round, entry}
    final Map<Long, int[]> issued = new HashMap<>();
    /**
     * The issued ids whose trial has not ended, kept with {@link #issued} so that {@link #anyInFlight} does not walk
     * every id issued so far (issue 13 session 24: that walk was O(trials) on every decision). Rebuilt from the
     * brackets on a restore ({@link EngineState#read}), never in the snapshot.
     */
    final java.util.Set<Long> inFlight = new java.util.HashSet<>();
    /**
     * The brackets that are not settled, in the order started; settled: done with all its rounds generated, which no
     * later call changes (a late result no longer promotes in it, {@link #lateResult}), so the scans of {@link
     * DecisionHold} read only these instead of every bracket of the run (issue 13 session 24). Pruned lazily;
     * rebuilt from the brackets on a restore ({@link EngineState#read}), never in the snapshot.
     */
    final List<Bracket> unsettled = new ArrayList<>();
    int counter;
    int nextS;
    int hb;
    private java.util.function.IntPredicate bracketAllowed = s -> true;
    private java.util.function.BooleanSupplier restartAtLargest = () -> false;
    private java.util.function.BooleanSupplier giveUpFullTrainings = () -> false;
    /**
     * Configurations drawn for a bracket of full trainings and given up unissued: the next bracket's first ones (with
     * {@link #fullTrainingsKeepTheirDraws}, the next bracket of full trainings' first ones).
     */
    final ArrayDeque<JsonObject> givenBack = new ArrayDeque<>();
    private boolean givenBackToFullTrainings;
    /** With {@link #drawOnIssue}: a new configuration is drawn by the request that issues it, not at its bracket's start. */
    private boolean drawsOnIssue;
    /** With {@link #openWithLargest}: the run's first bracket is the largest, whatever {@link #checkBrackets} says. */
    private boolean opensWithLargest;
    /** With {@link #holdForDecisions}: whether a result that may decide the next full training is due; else null. */
    private java.util.function.BooleanSupplier evidenceDue;
    /** With {@link #holdNewBrackets}: whether no new bracket may start now (parallelism mode only). */
    private java.util.function.BooleanSupplier newBracketsHeld = () -> false;
    /** Told the index of every bracket this engine changes ({@link #watchBrackets}); none by default. */
    private java.util.function.IntConsumer bracketWatcher = bracket -> { };
    /** Chooses a round's best ({@code promote_by}, issue 13 session 29); by value ({@link Rung#best}) by default. */
    RoundRanking ranking = (rung, k, count) -> rung.best(count);
    /** How a round ranks, given {@link #ranking}: {@link RankedPromotion} with {@code ranked_halving}, else it. */
    java.util.function.UnaryOperator<RoundRanking> rankingGuard = r -> r;

    /**
     * @param serial       start a bracket only when the previous one generated its last round (NNI's serial mode)
     * @param hyperbandIds ids with the Hyperband iteration ({@code "0-4_0_7"}) or without ({@code "4_0_7"})
     */
    public BracketEngine(BracketPlan plan, boolean serial, boolean hyperbandIds) {
        this.plan = plan;
        this.serial = serial;
        this.hyperbandIds = hyperbandIds;
        this.nextS = plan.sMax();
    }

    public BracketPlan plan() {
        return plan;
    }

    /**
     * From now on a bracket {@code s > 0} starts only when {@code allowed} says so; otherwise the engine moves on to
     * the next smaller {@code s} of the same iteration ({@code s = 0} always starts). Ids stay NNI's.
     */
    public void checkBrackets(java.util.function.IntPredicate allowed) {
        this.bracketAllowed = allowed;
    }

    /**
     * From now on, before a bracket smaller than the largest starts, {@code restart} may end the iteration early: the
     * next bracket is then the largest one of a new iteration (ids stay unique: the iteration is part of them).
     */
    public void restartAtLargest(java.util.function.BooleanSupplier restart) {
        this.restartAtLargest = restart;
    }

    /**
     * From now on a bracket of full trainings ({@code s = 0}) is decided configuration by configuration: before each
     * of its configurations after the first is issued (when nothing of another bracket is queued ahead of it),
     * {@code giveUp} may end it there; its unissued configurations are then given back (their counters too, so ids
     * stay contiguous) and the next bracket starts at once, drawing them first. For checks whose evidence grows while a
     * bracket of full trainings runs.
     */
    public void reviseFullTrainings(java.util.function.BooleanSupplier giveUp) {
        this.giveUpFullTrainings = giveUp;
    }

    /**
     * From now on configurations of a bracket of full trainings that {@link #reviseFullTrainings} gave up go to the
     * next bracket of full trainings, not to whichever bracket starts next: for a source that draws full trainings'
     * configurations from a stream of their own ({@code separate_streams}), so that stream's draws are trained in
     * their order whatever brackets run between.
     */
    public void fullTrainingsKeepTheirDraws() {
        this.givenBackToFullTrainings = true;
    }

    /**
     * From now on a bracket's first round is drawn configuration by configuration, each by the request that issues it
     * (BOHB; issue 13 session 28): no request pays for a whole round. The round's size, counters (ids), budget and
     * place in the queue are fixed at the bracket's start; only an entry's configuration waits (absent from a snapshot,
     * {@link EngineState}, until drawn). Configurations given back ({@link #reviseFullTrainings}) keep theirs.
     */
    public void drawOnIssue() {
        this.drawsOnIssue = true;
    }

    /**
     * The run's first bracket is the largest one ({@code s = sMax}), whatever {@link #checkBrackets} says; the
     * brackets after it are checked as before ({@link LargestFirst}). Read from the brackets started so far (none), so
     * nothing is added to the snapshot.
     */
    public void openWithLargest() {
        this.opensWithLargest = true;
    }

    /**
     * From now on (parallelism mode only) a free worker waits for results due sooner that decide what it should train
     * ({@link DecisionHold}): nothing with a budget above the next round's of a largest bracket whose round is in
     * flight, and no new full training while {@code evidenceDue} says a full training about to end may change the
     * decision. The request is then answered null (owed by the tuner) and paid when a trial's end allows it.
     */
    public void holdForDecisions(java.util.function.BooleanSupplier evidenceDue) {
        this.evidenceDue = evidenceDue;
    }

    /**
     * From now on (parallelism mode only) a new bracket does not start while {@code held} says so: a request that
     * would start one (nothing queued, or a bracket of full trainings that would be cut short) is answered null (owed
     * by the tuner) and paid when a trial's end allows it ({@link VerdictWait}).
     */
    public void holdNewBrackets(java.util.function.BooleanSupplier held) {
        this.newBracketsHeld = held;
    }

    /**
     * From now on {@code watcher} is told the index of each bracket before anything in it changes (an entry issued,
     * a value taken, a trial's end, a promotion, a late result, full trainings given back, a bracket started), and 0
     * when a restore replaces them all ({@link EngineState#read}): for a reader that keeps what it read of the
     * brackets that no longer change ({@link RaceLedger}).
     */
    void watchBrackets(java.util.function.IntConsumer watcher) {
        this.bracketWatcher = watcher;
    }

    /** The best {@code count} of round {@code round} of bracket {@code bi}, as {@link #ranking} ranks them. */
    List<Rung.Entry> best(int bi, int round, int count) {
        Bracket b = brackets.get(bi);
        return rankingGuard.apply(ranking).best(b.rounds.get(round), plan.sMax() - b.s + round, count);
    }

    /** Tells the watcher ({@link #watchBrackets}) that bracket {@code bracket} (and those after it) may change. */
    void bracketChanged(int bracket) {
        bracketWatcher.accept(bracket);
    }

    private boolean newBracketHeld() {
        return !serial && newBracketsHeld.getAsBoolean();
    }

    private boolean waits(int[] ref) {
        if (serial || evidenceDue == null) {
            return false;
        }
        Bracket b = brackets.get(ref[0]);
        if (b.rounds.get(ref[1]).budget > DecisionHold.roundsLimit(unsettledBrackets(), plan)) {
            return true;
        }
        return b.s == 0 && ref[1] == 0 && evidenceDue.getAsBoolean();
    }

    /**
     * The next configuration to train, now issued under {@code parameterId}; null when a serial bracket waits (or,
     * with {@link #holdForDecisions}, when a worker waits for a decision).
     */
    public Issued issue(long parameterId, ConfigSource source) {
        if (pending.isEmpty() && (!serial || brackets.isEmpty() || brackets.get(brackets.size() - 1).done)) {
            if (newBracketHeld()) {
                return null;
            }
            startBracket(source);
        } else if (fullTrainingsRevisable() && !newBracketHeld() && giveUpFullTrainings.getAsBoolean()) {
            giveBackFullTrainings();
            startBracket(source);
        }
        int[] ref = pending.peek();
        if (ref == null || waits(ref)) {
            return null;
        }
        bracketChanged(ref[0]);
        Rung rung = brackets.get(ref[0]).rounds.get(ref[1]);
        Rung.Entry e = rung.entries.get(ref[2]);
        if (e.params == null) { // drawn now (drawOnIssue), before the entry leaves the queue
            e.params = source.next(rung.budget);
        }
        pending.poll();
        e.parameterId = parameterId;
        issued.put(parameterId, ref);
        markInFlight(parameterId, e);
        return new Issued(e.params, rung.budget);
    }

    /** How many of the last brackets started are the largest ({@code s = sMax}), counted back to one that is not. */
    public int largestInARow() {
        return largestInARowBefore(brackets.size());
    }

    /**
     * Largest brackets ({@code s = sMax > 0}) started whose last round has not ended: their winners' verdicts are still
     * to come ({@code chance_depth}). A bracket that ended early because a round had no result is not counted.
     */
    public int largestAwaitingWinner() {
        int n = 0;
        for (Bracket b : brackets) {
            if (b.s == plan.sMax() && b.s > 0 && !(b.done && b.last().complete())) {
                n++;
            }
        }
        return n;
    }

    /** As {@link #largestInARow()}, counted back from the bracket before the latest one. */
    public int largestInARowBeforeLatest() {
        return largestInARowBefore(brackets.size() - 1);
    }

    private int largestInARowBefore(int end) {
        int n = 0;
        for (int i = end - 1; i >= 0 && brackets.get(i).s == plan.sMax(); i--) {
            n++;
        }
        return n;
    }

    /** The wire id of an issued id, or null when this engine did not issue it. */
    public String wireId(long parameterId) {
        int[] ref = issued.get(parameterId);
        if (ref == null) {
            return null;
        }
        Bracket b = brackets.get(ref[0]);
        return b.key + "_" + ref[1] + "_" + b.rounds.get(ref[1]).entries.get(ref[2]).counter;
    }

    /** What {@code parameterId} was issued with, or null. */
    public Issued issued(long parameterId) {
        int[] ref = issued.get(parameterId);
        if (ref == null) {
            return null;
        }
        Rung rung = brackets.get(ref[0]).rounds.get(ref[1]);
        return new Issued(rung.entries.get(ref[2]).params, rung.budget);
    }

    /** The last value reported for {@code parameterId} as a loss, NaN when none (or unknown id). */
    public double loss(long parameterId) {
        Rung.Entry e = entry(parameterId);
        return e == null ? Double.NaN : e.loss;
    }

    /** Whether {@code parameterId} was issued in the first round of its bracket (a new configuration, not promoted). */
    public boolean firstRound(long parameterId) {
        int[] ref = issued.get(parameterId);
        return ref != null && ref[1] == 0;
    }

    /** Queued first-round entries not drawn yet ({@link #drawOnIssue}). */
    public long undrawn() {
        return pending.stream().filter(r -> brackets.get(r[0]).rounds.get(r[1]).entries.get(r[2]).params == null)
            .count();
    }

    /** The bracket ({@code s}) and round of {@code parameterId}, or null when this engine did not issue it. */
    public int[] bracketAndRound(long parameterId) {
        int[] ref = issued.get(parameterId);
        return ref == null ? null : new int[] {brackets.get(ref[0]).s, ref[1]};
    }

    /** Whether some configuration issued by this engine is still training (issued, its trial not ended). */
    public boolean anyInFlight() {
        return !inFlight.isEmpty();
    }

    /** The brackets that are not settled (see {@link #unsettled}), in the order started. */
    List<Bracket> unsettledBrackets() {
        unsettled.removeIf(BracketEngine::settled);
        return unsettled;
    }

    static boolean settled(Bracket b) {
        return b.done && b.rounds.size() > b.s;
    }

    /** Keeps {@link #inFlight} in step with the entry {@code parameterId} now names. */
    private void markInFlight(long parameterId, Rung.Entry e) {
        if (e.ended) {
            inFlight.remove(parameterId);
        } else {
            inFlight.add(parameterId);
        }
    }

    /** {@link #inFlight} anew from {@link #issued} (after a restore). */
    void recountInFlight() {
        inFlight.clear();
        issued.forEach((id, ref) -> markInFlight(id, entry(id)));
    }

    /** Whether the trial of {@code parameterId} ended already. */
    public boolean hasEnded(long parameterId) {
        Rung.Entry e = entry(parameterId);
        return e != null && e.ended;
    }

    /**
     * A value the trial of {@code parameterId} reported; the highest {@code sequence} wins (use MAX for a final).
     * Returns whether it was taken (a value for an ended trial is then a late one: see {@link #lateResult}).
     */
    public boolean report(long parameterId, long sequence, double loss) {
        Rung.Entry e = entry(parameterId);
        if (e != null && !Double.isNaN(loss) && sequence >= e.sequence) {
            bracketChanged(issued.get(parameterId)[0]);
            e.sequence = sequence;
            e.loss = loss;
            return true;
        }
        return false;
    }

    /** The trial of {@code parameterId} ended; returns true when that completed its round and queued a promotion. */
    public boolean end(long parameterId) {
        int[] ref = issued.get(parameterId);
        Rung.Entry e = entry(parameterId);
        if (e == null || e.ended) {
            return false;
        }
        bracketChanged(ref[0]);
        e.ended = true;
        inFlight.remove(parameterId);
        Bracket b = brackets.get(ref[0]);
        if (b.done || ref[1] != b.rounds.size() - 1 || !b.last().complete()) {
            return false;
        }
        return promote(ref[0]);
    }

    /**
     * A value was taken ({@link #report}) for a trial that had ended already: a FINAL after its EN. Its round's
     * promotions follow the new ranking wherever that trains nothing twice and reissues no id ({@link
     * LatePromotion}). Returns true when a configuration was queued or swapped in.
     */
    public boolean lateResult(long parameterId) {
        int[] ref = issued.get(parameterId);
        Rung.Entry e = entry(parameterId);
        if (e == null || !e.ended) {
            return false;
        }
        bracketChanged(ref[0]);
        return LatePromotion.apply(this, ref[0], ref[1]);
    }

    /**
     * The last round of bracket {@code bi} ended: its best {@code 1/eta} are queued for the next round, ahead of newer
     * brackets' configurations, in rank order; a round where nothing reported anything ends its bracket instead of
     * waiting forever. Returns true when it queued something.
     */
    boolean promote(int bi) { // its callers told the watcher
        Bracket b = brackets.get(bi);
        int round = b.rounds.size() - 1;
        List<Rung.Entry> best = best(bi, round, plan.configs(b.s, round + 1));
        if (best.isEmpty()) {
            b.done = true;
            return false;
        }
        b.done = false;
        Rung next = new Rung(plan.budget(b.s, round + 1));
        best.forEach(x -> next.entries.add(new Rung.Entry(x.counter, x.params)));
        b.add(next);
        for (int i = next.entries.size() - 1; i >= 0; i--) {
            pending.addFirst(new int[] {bi, b.rounds.size() - 1, i});
        }
        return true;
    }

    /** Moves counters past ids a previous run issued ({@code AD} on a resume without this engine's state). */
    public void reserve(String wireId) {
        String[] parts = wireId.split("_");
        if (parts.length != 3) {
            return;
        }
        try {
            counter = Math.max(counter, Integer.parseInt(parts[2]) + 1);
            if (hyperbandIds && parts[0].contains("-")) {
                int used = Integer.parseInt(parts[0].substring(0, parts[0].indexOf('-')));
                if (used >= hb) { // a fresh iteration, so no bracket key of the previous run comes again
                    hb = used + 1;
                    nextS = plan.sMax();
                }
            }
        } catch (NumberFormatException e) {
            // not one of ours: nothing to avoid
        }
    }

    private Rung.Entry entry(long parameterId) {
        int[] ref = issued.get(parameterId);
        return ref == null ? null : brackets.get(ref[0]).rounds.get(ref[1]).entries.get(ref[2]);
    }

    /**
     * Whether the next configuration queued is an unissued one of the latest bracket, a bracket of full trainings
     * that issued at least one already.
     */
    private boolean fullTrainingsRevisable() {
        int last = brackets.size() - 1;
        int[] head = pending.peek();
        if (head == null || head[0] != last || brackets.get(last).s != 0 || nextS >= 0) {
            return false;
        }
        return brackets.get(last).rounds.get(0).entries.get(0).parameterId >= 0;
    }

    /** Ends the latest bracket (full trainings) at its issued configurations; the others go back to be drawn again. */
    private void giveBackFullTrainings() {
        int last = brackets.size() - 1;
        bracketChanged(last);
        List<Rung.Entry> entries = brackets.get(last).rounds.get(0).entries;
        pending.removeIf(ref -> ref[0] == last);
        while (entries.get(entries.size() - 1).parameterId < 0) {
            Rung.Entry e = entries.remove(entries.size() - 1);
            if (e.params != null) { // one not drawn yet (drawOnIssue) is simply drawn by the next bracket
                givenBack.addFirst(e.params);
            }
            counter--;
        }
    }

    private void startBracket(ConfigSource source) {
        if (nextS >= 0 && nextS < plan.sMax() && restartAtLargest.getAsBoolean()) {
            nextS = -1;
        }
        if (nextS < 0) {
            nextS = plan.sMax();
            hb++;
        }
        boolean opening = opensWithLargest && brackets.isEmpty();
        int s = nextS--;
        while (s > 0 && !(opening && s == plan.sMax()) && !bracketAllowed.test(s)) {
            s = nextS--;
        }
        Bracket b = new Bracket(hyperbandIds ? hb + "-" + s : Integer.toString(s), s);
        Rung first = new Rung(plan.budget(s, 0));
        int n = plan.configs(s, 0);
        for (int i = 0; i < n; i++) {
            boolean takesGivenBack = !givenBack.isEmpty() && (s == 0 || !givenBackToFullTrainings);
            JsonObject p = takesGivenBack ? givenBack.poll() : drawsOnIssue ? null : source.next(first.budget);
            first.entries.add(new Rung.Entry(counter++, p));
        }
        b.add(first);
        bracketChanged(brackets.size());
        brackets.add(b);
        unsettled.add(b);
        for (int i = 0; i < n; i++) {
            pending.add(new int[] {brackets.size() - 1, 0, i});
        }
    }
}
