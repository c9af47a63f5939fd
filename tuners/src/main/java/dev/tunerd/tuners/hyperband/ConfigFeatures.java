package dev.tunerd.tuners.hyperband;

import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.tuners.model.FeatureSpace;
import dev.tunerd.tuners.model.UnitSpace;
import java.util.function.Function;

/**
 * A configuration as a point of [0, 1]^F for {@link FinalPredictor}: the GP tuner's encoding ({@link FeatureSpace}: a
 * numeric parameter is its unit coordinate, a {@code choice} of K options K one-hot features, an inactive parameter
 * imputed), read from the configuration's JSON. Immutable and thread-safe.
 */
final class ConfigFeatures implements Function<JsonObject, double[]> {
    private final SearchSpace space;
    private final FeatureSpace encoding;

    ConfigFeatures(SearchSpace space) {
        this.space = space;
        this.encoding = new FeatureSpace(new UnitSpace(space.parameters()));
    }

    /** The features of {@code params} (a configuration of this space, without the budget key); null if it fits not. */
    @Override
    public double[] apply(JsonObject params) {
        try {
            return encoding.encode(space.deformat(params));
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
