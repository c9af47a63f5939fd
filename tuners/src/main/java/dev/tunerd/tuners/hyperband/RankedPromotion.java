package dev.tunerd.tuners.hyperband;

import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * With {@code ranked_halving} on, a round promotes by value at a rung where the full trainings' best half keeps its
 * order ({@link RankedHalving#rungRanked}) while the rule is in charge (main's own check does not say the largest
 * bracket pays); elsewhere as {@code promote_by} says ({@code inner}). The evidence that lets the rule start a halving
 * bracket is that the values at its rungs rank the best finals, so its rounds are ranked by those values: on {@code
 * unstable}, {@code promote_by: auto}'s model, fitted on 8-16 full trainings, ranked the rounds worse than the values
 * did (issue 13 session 33, docs/benchmarks/s33-hbthird.md). Reads the evidence only: nothing for a snapshot. Not
 * thread-safe.
 */
final class RankedPromotion implements RoundRanking {
    private final RoundRanking inner;
    private final RankedHalving rule;
    private final Supplier<List<double[]>> curves;
    private final BooleanSupplier largestPays;

    RankedPromotion(RoundRanking inner, RankedHalving rule, Supplier<List<double[]>> curves,
                    BooleanSupplier largestPays) {
        this.inner = inner;
        this.rule = rule;
        this.curves = curves;
        this.largestPays = largestPays;
    }

    @Override
    public List<Rung.Entry> best(Rung rung, int k, int count) {
        if (rule.rungRanked(curves.get(), k) && !largestPays.getAsBoolean()) {
            return rung.best(count);
        }
        return inner.best(rung, k, count);
    }
}
