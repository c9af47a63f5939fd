package dev.tunerd.tuners.auto;

import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.model.UnitSpace;
import java.util.stream.IntStream;

/**
 * Auto's scan of the incumbent: the best point so far with one parameter at a time changed. A numeric parameter
 * takes {@code strata} values across its whole range (one in each equal slice of the unit range, in an order that
 * differs by parameter, at a random place inside the slice); a {@code choice} takes each of its other options (up
 * to {@code strata} of them; the parameters of a branch it switches to start at the middle of their ranges).
 * Parameters are visited in turn, and each point starts from the best point known when it is issued, so a
 * parameter that the scan improves stays improved for the next ones. A parameter that is not active in the
 * incumbent (a nested branch not taken) is skipped. It finds what a model that has settled in one basin does not
 * look for: a parameter whose better basin lies elsewhere in its range (styblinski5), or a better branch
 * (docs/MODEL_TUNERS.md, "Auto"). Deterministic: the k-th point depends only on the seed, k and the incumbent, so
 * a snapshot needs only k. Not thread-safe.
 */
final class IncumbentScan {
    private final SearchSpace space;
    private final UnitSpace unit;
    private final int strata;
    private final long seed;
    private int issued;

    IncumbentScan(SearchSpace space, int strata, long seed, int issued) {
        this.space = space;
        this.unit = new UnitSpace(space.parameters());
        this.strata = strata;
        this.seed = seed;
        this.issued = issued;
    }

    /** Steps of the whole scan (one per parameter and stratum; skipped ones included). */
    int size() {
        return unit.size() * strata;
    }

    /** Steps taken so far. */
    int issued() {
        return issued;
    }

    boolean done() {
        return issued >= size();
    }

    /**
     * The next point, from {@code incumbent} (the best parameters so far); null when the scan is done or the
     * incumbent does not fit the space.
     */
    JsonObject next(JsonObject incumbent) {
        double[] base;
        try {
            base = space.deformat(incumbent);
        } catch (IllegalArgumentException e) {
            return null;
        }
        while (!done()) {
            int k = issued++;
            int d = k % unit.size();
            int round = k / unit.size();
            if (!space.isActive(d, base) || Double.isNaN(base[d])) {
                continue;
            }
            double[] internal = base.clone();
            if (unit.isCategorical(d)) {
                int options = unit.categories(d);
                if (round >= options - 1) {
                    continue;
                }
                internal[d] = ((int) base[d] + 1 + round) % options;
                int changed = d;
                IntStream.range(0, unit.size()).filter(i -> i != changed && Double.isNaN(internal[i])
                    && space.isActive(i, internal)).forEach(i -> internal[i] = unit.isCategorical(i) ? 0
                    : unit.toInternalInBounds(i, 0.5));
            } else {
                int slice = (round + d * (strata / 2 + 1)) % strata;
                double u = (slice + Rng.withSeed(seed * 0x9E3779B97F4A7C15L + k).nextDouble()) / strata;
                internal[d] = unit.toInternalInBounds(d, u);
            }
            return space.format(internal);
        }
        return null;
    }
}
