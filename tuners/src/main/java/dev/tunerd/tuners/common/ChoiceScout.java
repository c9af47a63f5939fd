package dev.tunerd.tuners.common;

import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.spi.space.ParameterSpec;
import dev.tunerd.spi.space.ParameterType;
import dev.tunerd.spi.space.SearchSpace;
import java.util.ArrayList;
import java.util.List;

/**
 * A floor under a model's exploration of named {@code choice} options ({@code choice_scout}, BOHB and ASHA; issue 13,
 * session 29). A model-based sampler judges an option by the configurations it has seen with it. When the options
 * are methods (an optimizer, an architecture, a normalisation), the other parameters' good values depend on the
 * option (a learning rate per optimizer): the few early configurations that tried an option in another option's
 * region make it look bad, the model stops proposing it, and when it does, it proposes it with the leading option's
 * values, which confirms the verdict. With probability {@code share} a new configuration is a scout instead: every
 * active named {@code choice} takes the option with the fewest configurations so far (ties at random), every other
 * parameter a uniform draw from its prior, so a trailing option is tried on its own terms. A named choice is one with
 * two or more options of which at least one is not a number: a choice among numbers (a batch size, a width) is one
 * quantity on a grid, not a change of method, and scouting it cost regret where the model was right (session 29's
 * tuning seeds). Spaces without a named choice are never scouted (no random number is drawn), and a share of 0 draws
 * none either, so those runs are the runs of before. Immutable and thread-safe; the generator is the caller's.
 */
public final class ChoiceScout {
    private final double share;

    /** @param share probability that a model's draw is replaced by a scout, 0..1 (0: off) */
    public ChoiceScout(double share) {
        if (!(share >= 0 && share <= 1)) {
            throw new IllegalArgumentException("choice_scout must be between 0 and 1, got " + share);
        }
        this.share = share;
    }

    /** Whether this draw is a scout in {@code space} (draws one number from {@code rng} only when it could be). */
    public boolean scouts(SearchSpace space, Rng rng) {
        return share > 0 && hasChoice(space) && rng.nextDouble() < share;
    }

    /** Whether {@code space} has a named choice (see the class comment). */
    static boolean hasChoice(SearchSpace space) {
        for (ParameterSpec p : space.parameters()) {
            if (isNamedChoice(p)) {
                return true;
            }
        }
        return false;
    }

    /** A {@code choice} of two or more options of which at least one is not a number. */
    static boolean isNamedChoice(ParameterSpec p) {
        if (p.type() != ParameterType.CHOICE || p.size() < 2) {
            return false;
        }
        for (JsonValue v : p.values().values()) {
            if (!(v instanceof JsonInt || v instanceof JsonFloat)) {
                return true;
            }
        }
        return false;
    }

    /**
     * A scout: each active named choice at its least-tried option among {@code tried} (internal vectors, NaN where
     * inactive; ties broken at random), every other active parameter drawn from its prior; parents before children,
     * so a nested parameter is drawn only under the option chosen for its parent.
     */
    public static double[] draw(SearchSpace space, List<double[]> tried, Rng rng) {
        double[] internal = space.newInternal();
        List<ParameterSpec> specs = space.parameters();
        for (int i = 0; i < specs.size(); i++) {
            if (!space.isActive(i, internal)) {
                continue;
            }
            internal[i] = isNamedChoice(specs.get(i)) ? leastTried(i, specs.get(i).size(), tried, rng)
                : RandomSampler.draw(specs.get(i), rng);
        }
        return internal;
    }

    private static int leastTried(int i, int options, List<double[]> tried, Rng rng) {
        int[] count = new int[options];
        for (double[] x : tried) {
            if (i < x.length && !Double.isNaN(x[i])) {
                int o = (int) Math.round(x[i]);
                if (o >= 0 && o < options) {
                    count[o]++;
                }
            }
        }
        int fewest = Integer.MAX_VALUE;
        List<Integer> ties = new ArrayList<>();
        for (int o = 0; o < options; o++) {
            if (count[o] < fewest) {
                fewest = count[o];
                ties.clear();
            }
            if (count[o] == fewest) {
                ties.add(o);
            }
        }
        return ties.get(ties.size() == 1 ? 0 : rng.nextInt(ties.size()));
    }
}
