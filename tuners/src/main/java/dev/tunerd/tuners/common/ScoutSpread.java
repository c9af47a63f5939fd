package dev.tunerd.tuners.common;

import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.spi.space.ParameterSpec;
import java.util.Map;
import java.util.TreeMap;

/**
 * Spreads the scouts of one option over the prior of the other parameters ({@link ChoiceScout}; issue 13, session
 * 31). A scout tries a neglected option on its own terms, but an option may be good only in a narrow part of the
 * other parameters' range (SGD within about a decade of its best learning rate, a fifth of the prior's range): drawn
 * independently, five scouts all miss that fifth a third of the time. Here the k-th scout of an option (its
 * signature: the options its named choices take) takes, for its j-th other parameter, the coordinate
 * {@code frac(shift_j + k alpha_j)} in the unit interval of that parameter's prior (an additive recurrence with the
 * generalised golden ratio's {@code alpha_j}: any few consecutive points cover the interval nearly evenly, jointly
 * too), mapped through the prior (a uniform or log range linearly, a normal through its quantile, a numeric choice
 * or integer by its bins). The shifts are drawn once (a seed from the caller's generator at the first scout) and
 * hashed per signature and parameter, so the run is deterministic with its seed; the seed and the scouts per
 * signature travel with the snapshot. Not thread-safe.
 */
final class ScoutSpread {
    private boolean seeded;
    private long base;
    /** Scouts drawn so far per option signature. */
    private final Map<String, Integer> drawn = new TreeMap<>();

    /** The unit coordinates of the next scout with {@code signature}, for {@code dims} other parameters. */
    double[] next(String signature, int dims, Rng rng) {
        if (!seeded) {
            base = rng.nextLong();
            seeded = true;
        }
        int k = drawn.merge(signature, 1, Integer::sum) - 1;
        double g = ratio(dims);
        double[] u = new double[dims];
        long h = Rng.mix(base ^ signature.hashCode());
        double power = 1;
        for (int j = 0; j < dims; j++) {
            power /= g;
            double shift = (Rng.mix(h + j + 1) >>> 11) * 0x1.0p-53;
            double x = shift + k * power;
            u[j] = x - Math.floor(x);
        }
        return u;
    }

    /** The internal value at unit coordinate {@code u} of {@code p}'s prior. */
    static double fromPrior(ParameterSpec p, double u) {
        if (p.categorical()) {
            return Math.min(p.size() - 1, (int) Math.floor(u * p.size()));
        }
        if (p.normal()) {
            return p.mu() + p.sigma() * Normal.inverseCdf(Math.min(1 - 1e-12, Math.max(1e-12, u)));
        }
        return p.low() + (p.high() - p.low()) * u;
    }

    /** The positive root of {@code x^(d+1) = x + 1} (the golden ratio for d = 1), by fixed-point iteration. */
    private static double ratio(int dims) {
        double g = 2;
        for (int i = 0; i < 60; i++) {
            g = Math.pow(1 + g, 1.0 / (dims + 1));
        }
        return g;
    }

    /** The state: {@code {"base": seed, "drawn": {signature: scouts}}}, or {@code {}} before the first scout. */
    JsonValue toJson() {
        if (!seeded) {
            return JsonObject.builder().build();
        }
        JsonObject.Builder d = JsonObject.builder();
        drawn.forEach(d::put);
        return JsonObject.builder().put("base", base).put("drawn", d.build()).build();
    }

    /** Continues from {@link #toJson}'s state, checked; {@code null} or {@code {}}: no scout drawn yet. */
    void restore(JsonValue state) {
        seeded = false;
        base = 0;
        drawn.clear();
        if (state == null) {
            return;
        }
        JsonObject s = SnapshotJson.object(state, "choice_scout spread");
        if (s.members().isEmpty()) {
            return;
        }
        long b = SnapshotJson.longMember(s, "base");
        Map<String, Integer> read = new TreeMap<>();
        SnapshotJson.object(SnapshotJson.member(s, "drawn"), "choice_scout spread drawn").members()
            .forEach((sig, v) -> read.put(sig, ChoiceScout.count(v, "choice_scout spread")));
        base = b;
        seeded = true;
        drawn.putAll(read);
    }
}
