package dev.tunerd.tuners.hyperband;

import java.util.List;
import java.util.function.BiFunction;

/**
 * The race's arms ({@link SpendRace}) on an engine's brackets, read without walking every bracket of the run at each
 * decision (issue 13 session 27: the walk, four times per bracket start, was most of what the race added to the
 * 99th percentile of a request, 0.6 of 1.7 ms at 1,000 observations, and it grew with the run). The brackets in start
 * order up to the first one that may still change are folded into two {@link ArmTally}s once; a read adds the
 * brackets after them, answers, and takes them out again. A bracket may still change while it is not done or its
 * last round has a trial not ended; one that does change anyway (a late result re-ranks its round, a restore replaces
 * every bracket) is reported by the engine ({@link BracketEngine#watchBrackets}) and the tallies start over from the
 * first bracket. So a read gives exactly what the walk over every bracket gives, and nothing of it is in the
 * snapshot: a restored run rebuilds it from the brackets. Not thread-safe.
 */
final class RaceLedger {
    private final BracketEngine engine;
    private ArmTally halving = new ArmTally();
    private ArmTally full = new ArmTally();
    /** Brackets {@code [0, folded)} are in the tallies. */
    private int folded;

    /** A ledger of {@code engine}'s brackets, told of their changes from now on. */
    RaceLedger(BracketEngine engine) {
        this.engine = engine;
        engine.watchBrackets(this::changed);
    }

    BracketPlan plan() {
        return engine.plan();
    }

    /** Brackets folded so far (for tests). */
    int folded() {
        return folded;
    }

    private void changed(int bracket) {
        if (bracket < folded) {
            halving = new ArmTally();
            full = new ArmTally();
            folded = 0;
        }
    }

    /** {@code reader}'s answer on arm H and arm F over every bracket started so far. */
    <T> T read(BiFunction<ArmTally, ArmTally, T> reader) {
        List<Bracket> brackets = engine.brackets;
        BracketPlan plan = engine.plan();
        while (folded < brackets.size() && settled(brackets.get(folded))) {
            SpendRace.fold(plan, brackets.get(folded++), halving, full);
        }
        ArmTally.Mark h = halving.mark();
        ArmTally.Mark f = full.mark();
        try {
            for (int i = folded; i < brackets.size(); i++) {
                SpendRace.fold(plan, brackets.get(i), halving, full);
            }
            return reader.apply(halving, full);
        } finally {
            halving.rollBack(h);
            full.rollBack(f);
        }
    }

    /** Whether nothing {@link SpendRace#fold} reads of {@code b} changes any more but through a late result. */
    private static boolean settled(Bracket b) {
        return b.done && !b.rounds.isEmpty() && b.last().complete();
    }
}
