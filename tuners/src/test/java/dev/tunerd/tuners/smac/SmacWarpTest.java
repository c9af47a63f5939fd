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
        SmacSampler s = new SmacSampler(SPACE, new Rng(1), SmacSettings.SESSION_16);
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
        SmacSampler s = new SmacSampler(SPACE, new Rng(1), SmacSettings.SESSION_16);
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

    private static SmacSettings warpSample(int n, double skewness) {
        SmacSettings d = SmacSettings.SESSION_16;
        return new SmacSettings(d.randomShare(), d.choiceRandomShare(), d.featureShare(), d.localStarts(),
            d.randomStarts(), d.withinLeaf(), d.logEi(), d.randomCandidates(), d.step(), skewness, d.trees(),
            d.minSplit(), d.redrawShare(), n);
    }

    private static SmacSampler observed(SmacSettings settings, double[] losses) {
        SmacSampler s = new SmacSampler(SPACE, new Rng(1), settings);
        for (int i = 0; i < losses.length; i++) {
            s.observe(new double[] {i / (double) losses.length, 0.5}, losses[i]);
        }
        return s;
    }

    private static void assertWarped(double[] losses, double[] y) {
        double min = java.util.Arrays.stream(losses).min().orElseThrow();
        double[] sorted = losses.clone();
        java.util.Arrays.sort(sorted);
        double offset = sorted[losses.length / 2] - min;
        for (int i = 0; i < losses.length; i++) {
            assertEquals(Math.log(losses[i] - min + offset), y[i], 1e-12);
        }
    }

    private static void assertRaw(double[] losses, double[] y) {
        for (int i = 0; i < losses.length; i++) {
            assertEquals(losses[i], y[i], 0);
        }
    }

    /**
     * Ten losses of a random design on a function like hartmann3 (nine near 0, one at -10: skewness -2.6), then
     * thirty that pile up just above the best: all forty together are right-skewed (skewness 1.3).
     */
    private static double[] concentrating() {
        double[] losses = new double[40];
        for (int i = 0; i < losses.length; i++) {
            losses[i] = i < 9 ? -0.1 * i : i == 9 ? -10 : -10 + 0.01 * (i - 10);
        }
        return losses;
    }

    @Test
    void theSkewnessTestOfTheFirstLossesKeepsAConcentratingRunUnwarped() {
        double[] losses = concentrating();
        assertRaw(losses, observed(warpSample(10, -0.5), losses).targets());
        // the test on every loss warps them late in the run (what the sample rule prevents)
        assertWarped(losses, observed(warpSample(0, 0), losses).targets());
    }

    @Test
    void theFirstLossesAreComparedWithTheThreshold() {
        double[] losses = new double[30];
        for (int i = 0; i < losses.length; i++) {
            // the first ten: skewness -0.67; all thirty are right-skewed
            losses[i] = i < 10 ? -(1 + i * i) : -82 + 0.5 * (i - 10);
        }
        assertRaw(losses, observed(warpSample(10, -0.5), losses).targets());
        assertWarped(losses, observed(warpSample(10, -1), losses).targets());
    }

    @Test
    void aRightSkewedSampleWarpsEveryLossWithTheMedianOfAllAsOffset() {
        double[] losses = new double[30];
        for (int i = 0; i < losses.length; i++) {
            losses[i] = i < 10 ? 1 + i * i : 1 + 0.5 * (i - 10);
        }
        // the median of all thirty losses is 7, that of the first ten 26
        assertWarped(losses, observed(warpSample(10, -0.5), losses).targets());
    }
}
