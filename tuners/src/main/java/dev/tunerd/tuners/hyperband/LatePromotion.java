package dev.tunerd.tuners.hyperband;

import java.util.List;

/**
 * What a late value changes in its bracket ({@link BracketEngine#lateResult}): a value taken for a trial that had
 * ended already (a FINAL after its EN). Its round's promotions follow the new ranking wherever that trains nothing
 * twice and reissues no id:
 * <ul>
 *   <li>round not promoted yet: the value counts when it is; a round that had ended its bracket for want of any
 *       result is promoted now;</li>
 *   <li>a configuration that now ranks among the best {@code 1/eta} but was not promoted takes the place of one
 *       that no longer does and was not issued yet (the queued entry is swapped); without such a place it is
 *       added to the next round if that round is the bracket's last so far (its outcome decided nothing yet);</li>
 *   <li>otherwise (the next round was promoted already) the bracket has moved on: nothing changes.</li>
 * </ul>
 * Moved out of {@link BracketEngine} unchanged (issue 13 session 27, to keep that class under 500 lines). Stateless.
 */
final class LatePromotion {
    private static final System.Logger LOG = System.getLogger(BracketEngine.class.getName());

    private LatePromotion() {
    }

    /**
     * Applies a late value of a trial of round {@code round} of bracket {@code bi} of {@code engine}; returns true
     * when a configuration was queued or swapped in.
     */
    static boolean apply(BracketEngine engine, int bi, int round) {
        Bracket b = engine.brackets.get(bi);
        if (round == b.rounds.size() - 1) {
            if (b.done && round < b.s && b.last().complete()) { // the round had no result at all: now it has one
                return engine.promote(bi);
            }
            return false;
        }
        Rung next = b.rounds.get(round + 1);
        List<Rung.Entry> target = engine.best(bi, round, engine.plan().configs(b.s, round + 1));
        boolean changed = false;
        for (Rung.Entry x : target) {
            if (holds(next.entries, x.counter)) {
                continue;
            }
            int slot = -1;
            for (int i = next.entries.size() - 1; i >= 0 && slot < 0; i--) {
                Rung.Entry y = next.entries.get(i);
                if (y.parameterId < 0 && !holds(target, y.counter)) {
                    slot = i; // queued, not issued, and no longer among the best: its place in the queue is x's
                }
            }
            if (slot >= 0) {
                next.entries.set(slot, new Rung.Entry(x.counter, x.params));
                changed = true;
            } else if (round + 1 == b.rounds.size() - 1) {
                next.entries.add(new Rung.Entry(x.counter, x.params));
                engine.pending.addFirst(new int[] {bi, round + 1, next.entries.size() - 1});
                b.done = b.rounds.size() > b.s; // a round that had ended the bracket empty goes on
                changed = true;
            } else {
                LOG.log(System.Logger.Level.INFO, "A late result would promote configuration {0} of bracket {1}, "
                    + "round {2}, but the bracket has moved past the next round", x.counter, b.key, round);
            }
        }
        return changed;
    }

    private static boolean holds(List<Rung.Entry> entries, int counter) {
        for (Rung.Entry e : entries) {
            if (e.counter == counter) {
                return true;
            }
        }
        return false;
    }
}
