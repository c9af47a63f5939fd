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
    int counter;
    int nextS;
    int hb;
    private java.util.function.IntPredicate bracketAllowed = s -> true;

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

    /** The next configuration to train, now issued under {@code parameterId}; null when a serial bracket waits. */
    public Issued issue(long parameterId, ConfigSource source) {
        if (pending.isEmpty() && (!serial || brackets.isEmpty() || brackets.get(brackets.size() - 1).done)) {
            startBracket(source);
        }
        int[] ref = pending.poll();
        if (ref == null) {
            return null;
        }
        Rung rung = brackets.get(ref[0]).rounds.get(ref[1]);
        Rung.Entry e = rung.entries.get(ref[2]);
        e.parameterId = parameterId;
        issued.put(parameterId, ref);
        return new Issued(e.params, rung.budget);
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

    /** Whether the trial of {@code parameterId} ended already. */
    public boolean hasEnded(long parameterId) {
        Rung.Entry e = entry(parameterId);
        return e != null && e.ended;
    }

    /** A value the trial of {@code parameterId} reported; the highest {@code sequence} wins (use MAX for a final). */
    public void report(long parameterId, long sequence, double loss) {
        Rung.Entry e = entry(parameterId);
        if (e != null && !Double.isNaN(loss) && sequence >= e.sequence) {
            e.sequence = sequence;
            e.loss = loss;
        }
    }

    /** The trial of {@code parameterId} ended; returns true when that completed its round and queued a promotion. */
    public boolean end(long parameterId) {
        int[] ref = issued.get(parameterId);
        Rung.Entry e = entry(parameterId);
        if (e == null || e.ended) {
            return false;
        }
        e.ended = true;
        Bracket b = brackets.get(ref[0]);
        if (b.done || ref[1] != b.rounds.size() - 1 || !b.last().complete()) {
            return false;
        }
        List<Rung.Entry> best = b.last().best(plan.configs(b.s, ref[1] + 1));
        if (best.isEmpty()) {
            b.done = true; // nothing reported anything: the bracket ends here instead of waiting forever
            return false;
        }
        Rung next = new Rung(plan.budget(b.s, ref[1] + 1));
        best.forEach(x -> next.entries.add(new Rung.Entry(x.counter, x.params)));
        b.add(next);
        for (int i = next.entries.size() - 1; i >= 0; i--) { // ahead of newer brackets' configurations, in rank order
            pending.addFirst(new int[] {ref[0], b.rounds.size() - 1, i});
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

    private void startBracket(ConfigSource source) {
        if (nextS < 0) {
            nextS = plan.sMax();
            hb++;
        }
        int s = nextS--;
        while (s > 0 && !bracketAllowed.test(s)) {
            s = nextS--;
        }
        Bracket b = new Bracket(hyperbandIds ? hb + "-" + s : Integer.toString(s), s);
        Rung first = new Rung(plan.budget(s, 0));
        int n = plan.configs(s, 0);
        for (int i = 0; i < n; i++) {
            first.entries.add(new Rung.Entry(counter++, source.next(first.budget)));
        }
        b.add(first);
        brackets.add(b);
        for (int i = 0; i < n; i++) {
            pending.add(new int[] {brackets.size() - 1, 0, i});
        }
    }
}
