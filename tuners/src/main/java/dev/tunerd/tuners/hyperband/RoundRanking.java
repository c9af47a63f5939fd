package dev.tunerd.tuners.hyperband;

import java.util.List;

/**
 * How a round of successive halving chooses what it promotes ({@link BracketEngine#ranking}): by value at the
 * round's budget ({@link Rung#best}, NNI's rule and the default) or by a predicted final ({@link FinalPredictor}).
 */
@FunctionalInterface
interface RoundRanking {
    /**
     * The best {@code count} entries of {@code rung} that have a result, best first; {@code k}: the rung of the largest
     * bracket with the same budget ({@code sMax - s + round}).
     */
    List<Rung.Entry> best(Rung rung, int k, int count);
}
