package dev.tunerd.tuners.auto;

import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.model.UnitSpace;

/**
 * Auto's scan of the incumbent: the best point so far with one numeric top-level parameter at a time moved across
 * its whole range, {@code strata} values per parameter (one in each equal slice of the unit range, in an order that
 * differs by parameter, at a random place inside the slice). Each point starts from the best point known when it is
 * issued, so a parameter that the scan improves stays improved for the next ones. It finds what a model that has
 * settled in one basin does not look for: a parameter whose better basin lies elsewhere in its range (styblinski5,
 * docs/MODEL_TUNERS.md, "Auto"). Deterministic: the k-th point depends only on the seed, k and the incumbent, so a
 * snapshot needs only k. Not thread-safe.
 */
final class IncumbentScan {
    private final SearchSpace space;
    private final UnitSpace unit;
    private final int[] dims;
    private final int strata;
    private final long seed;
    private int issued;

    IncumbentScan(SearchSpace space, int strata, long seed, int issued) {
        this.space = space;
        this.unit = new UnitSpace(space.parameters());
        this.dims = java.util.stream.IntStream.range(0, unit.size())
            .filter(i -> !unit.isCategorical(i) && unit.spec(i).isTopLevel()).toArray();
        this.strata = strata;
        this.seed = seed;
        this.issued = issued;
    }

    /** Points the whole scan issues. */
    int size() {
        return dims.length * strata;
    }

    /** Points issued so far. */
    int issued() {
        return issued;
    }

    boolean done() {
        return issued >= size();
    }

    /** The next point, from {@code incumbent} (the best parameters so far); null when it does not fit the space. */
    JsonObject next(JsonObject incumbent) {
        double[] internal;
        try {
            internal = space.deformat(incumbent);
        } catch (IllegalArgumentException e) {
            return null;
        }
        int k = issued++;
        int d = k % dims.length;
        int round = k / dims.length;
        int slice = (round + d * (strata / 2 + 1)) % strata;
        double u = (slice + Rng.withSeed(seed * 0x9E3779B97F4A7C15L + k).nextDouble()) / strata;
        internal[dims[d]] = unit.toInternalInBounds(dims[d], u);
        return space.format(internal);
    }
}
