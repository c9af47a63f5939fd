package dev.tunerd.tuners.smac;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.tuners.common.Rng;
import org.junit.jupiter.api.Test;

/** SMAC's log warp of the losses. */
class SmacWarpTest {
    private static final SearchSpace SPACE = SearchSpace.parse(Json.parseObject("""
        {"x": {"_type": "uniform", "_value": [0, 1]}, "y": {"_type": "uniform", "_value": [0, 1]}}""", "space"),
        SearchSpace.ALL_TYPES);

    @Test
    void rightSkewedLossesAreLogWarpedWithTheMedianAsOffset() {
        SmacSampler s = new SmacSampler(SPACE, new Rng(1), SmacSettings.DEFAULT);
        double[] losses = new double[20];
        for (int i = 0; i < losses.length; i++) {
            losses[i] = 1 + i * i;
            s.observe(new double[] {i / 20.0, 0.5}, losses[i]);
        }
        double[] y = s.targets();
        for (int i = 0; i < losses.length; i++) {
            assertEquals(Math.log(losses[i] - 1 + (losses[10] - 1)), y[i], 1e-12);
        }
    }

    @Test
    void leftSkewedLossesAreModelledAsTheyAre() {
        SmacSampler s = new SmacSampler(SPACE, new Rng(1), SmacSettings.DEFAULT);
        double[] losses = new double[20];
        for (int i = 0; i < losses.length; i++) {
            losses[i] = -(1 + i * i);
            s.observe(new double[] {i / 20.0, 0.5}, losses[i]);
        }
        double[] y = s.targets();
        for (int i = 0; i < losses.length; i++) {
            assertEquals(losses[i], y[i], 0);
        }
    }
}
