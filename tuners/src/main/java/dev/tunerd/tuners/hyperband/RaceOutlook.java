package dev.tunerd.tuners.hyperband;

import dev.tunerd.tuners.common.Normal;
import dev.tunerd.tuners.hyperband.SpendRace.Arm;
import dev.tunerd.tuners.hyperband.SpendRace.Result;
import dev.tunerd.tuners.hyperband.SpendRace.Standing;
import dev.tunerd.tuners.model.RankScores;
import java.util.List;

/**
 * The race's outlook ({@code race_outlook}, issue 13 session 26): the arms of {@link SpendRace} judged on the best each
 * is expected to reach by a horizon, not on the best each has produced so far. The halving brackets' winners are
 * selected, so they cluster in a narrow band, while full trainings of random configurations spread into a long tail
 * whose best arrives late; the best so far at equal spend cannot see that, the spread can.
 *
 * <p>Both arms' final values at {@code R} are pooled and replaced by their normal scores (ranks, so the loss's scale
 * and sign do not matter); each arm is a normal with the mean of its scores as location and the standard deviation
 * of its scores as scale, the scale shrunk towards the two arms' pooled one with the weight of {@value #PRIOR_RESULTS}
 * results (a single winner borrows the pooled scale). An arm's draws by the horizon are {@code horizon} full trainings'
 * epochs over its epochs per result (its latest result's stamp over its results: {@code R} for full trainings, a
 * bracket's cost per winner for the halving brackets), at least the results it has; its outlook is the expected best
 * (smallest) of that many draws, location minus scale times the expected maximum of as many standard normals. The
 * halving brackets {@link Standing#LEADS lead} when their outlook is strictly better; the race is {@link Standing#OPEN
 * open} while an arm has no result. A function of the results the engine's brackets hold, like {@link SpendRace}.
 */
final class RaceOutlook {
    /** The pooled scale's weight, in results, in each arm's scale. */
    static final double PRIOR_RESULTS = 2;

    private RaceOutlook() {
    }

    /** The expected maximum of {@code n} standard normal draws (Blom's approximation; 0 for one draw or fewer). */
    static double expectedMax(double n) {
        return n <= 1 ? 0 : Normal.inverseCdf((n - 0.375) / (n + 0.25));
    }

    /** An arm's normal on the score scale. */
    record Fit(double location, double scale) {
        /** The expected best (smallest) of {@code draws} draws. */
        double expectedBest(double draws) {
            return location - scale * expectedMax(draws);
        }
    }

    /** The two arms' fits on their pooled normal scores, the scales shrunk towards the pooled one. */
    static Fit[] fits(Arm halving, Arm full) {
        List<Result> h = halving.results();
        List<Result> f = full.results();
        double[] values = new double[h.size() + f.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = i < h.size() ? h.get(i).loss() : f.get(i - h.size()).loss();
        }
        double[] scores = RankScores.normalScores(values);
        double[] meanH = moments(scores, 0, h.size());
        double[] meanF = moments(scores, h.size(), values.length);
        int freedom = h.size() - 1 + f.size() - 1;
        double pooled = freedom > 0 ? (meanH[1] + meanF[1]) / freedom : 1;
        return new Fit[] {fit(meanH, h.size(), pooled), fit(meanF, f.size(), pooled)};
    }

    /** The mean of {@code scores[from..to)} and its sum of squared deviations. */
    private static double[] moments(double[] scores, int from, int to) {
        double mean = 0;
        for (int i = from; i < to; i++) {
            mean += scores[i];
        }
        mean /= to - from;
        double squares = 0;
        for (int i = from; i < to; i++) {
            squares += (scores[i] - mean) * (scores[i] - mean);
        }
        return new double[] {mean, squares};
    }

    private static Fit fit(double[] moments, int count, double pooledVariance) {
        double variance = (moments[1] + PRIOR_RESULTS * pooledVariance) / (count - 1 + PRIOR_RESULTS);
        return new Fit(moments[0], Math.sqrt(variance));
    }

    /** An arm's draws by a horizon of {@code horizonEpochs}: over its epochs per result, at least its results. */
    static double draws(Arm arm, double horizonEpochs) {
        long latest = 0;
        for (Result r : arm.results()) {
            latest = Math.max(latest, r.spend());
        }
        double perResult = (double) latest / arm.results().size();
        return Math.max(arm.results().size(), horizonEpochs / perResult);
    }

    /** H against F on their outlooks by {@code horizon} full trainings of {@code fullBudget} epochs each. */
    static Standing standing(Arm halving, Arm full, int fullBudget, double horizon) {
        if (halving.results().isEmpty() || full.results().isEmpty()) {
            return Standing.OPEN;
        }
        Fit[] fits = fits(halving, full);
        double epochs = horizon * fullBudget;
        double h = fits[0].expectedBest(draws(halving, epochs));
        double f = fits[1].expectedBest(draws(full, epochs));
        return h < f ? Standing.LEADS : Standing.TRAILS;
    }
}
