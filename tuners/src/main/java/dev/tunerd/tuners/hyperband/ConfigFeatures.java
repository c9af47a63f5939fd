package dev.tunerd.tuners.hyperband;

import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.tuners.model.UnitSpace;
import java.util.function.Function;

/**
 * A configuration as a point of [0, 1]^F for {@link FinalPredictor}: a numeric parameter is its unit coordinate
 * ({@link UnitSpace}: linear on the internal scale, so log types on the log scale; normal ones through their CDF;
 * randint at its bin centre), a {@code choice} of K options is K one-hot features, an inactive parameter (a nested
 * branch not taken) is 0.5 or all zeros. The same encoding as the GP tuner's, without its length-scale groups.
 * Immutable and thread-safe.
 */
final class ConfigFeatures implements Function<JsonObject, double[]> {
    private final SearchSpace space;
    private final UnitSpace unit;
    private final int size;

    ConfigFeatures(SearchSpace space) {
        this.space = space;
        this.unit = new UnitSpace(space.parameters());
        int f = 0;
        for (int i = 0; i < unit.size(); i++) {
            f += unit.isCategorical(i) ? unit.categories(i) : 1;
        }
        this.size = f;
    }

    /** The features of {@code params} (a configuration of this space, without the budget key); null if it fits not. */
    @Override
    public double[] apply(JsonObject params) {
        double[] internal;
        try {
            internal = space.deformat(params);
        } catch (IllegalArgumentException e) {
            return null;
        }
        double[] f = new double[size];
        int c = 0;
        for (int i = 0; i < unit.size(); i++) {
            double v = internal[i];
            if (unit.isCategorical(i)) {
                if (!Double.isNaN(v)) {
                    f[c + (int) v] = 1;
                }
                c += unit.categories(i);
            } else {
                f[c++] = Double.isNaN(v) ? 0.5 : unit.toUnit(i, v);
            }
        }
        return f;
    }
}
