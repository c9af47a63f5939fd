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

    private static SmacSettings warpSample(int n) {
        SmacSettings d = SmacSettings.DEFAULT;
        return new SmacSettings(d.randomShare(), d.choiceRandomShare(), d.featureShare(), d.localStarts(),
            d.randomStarts(), d.withinLeaf(), d.logEi(), d.randomCandidates(), d.step(), d.warpSkewness(), d.trees(),
            d.minSplit(), d.redrawShare(), d.predictedBest(), n, d.rawShare());
    }

    /**
     * Ten left-skewed losses (a random design on a function like hartmann3), then thirty that pile up just above the
     * best: all forty together are right-skewed, the first ten are not.
     */
    private static SmacSampler concentrating(SmacSettings settings, double[] losses) {
        SmacSampler s = new SmacSampler(SPACE, new Rng(1), settings);
        for (int i = 0; i < losses.length; i++) {
            losses[i] = i < 10 ? -(1 + i * i) : -82 + 0.01 * (i - 10);
            s.observe(new double[] {i / 40.0, 0.5}, losses[i]);
        }
        return s;
    }

    @Test
    void theSkewnessTestOfTheFirstLossesKeepsAConcentratingRunUnwarped() {
        double[] losses = new double[40];
        double[] y = concentrating(warpSample(10), losses).targets();
        for (int i = 0; i < losses.length; i++) {
            assertEquals(losses[i], y[i], 0);
        }
        // all forty losses are right-skewed, so the test of every loss warps them (what the sample rule prevents)
        double[] all = concentrating(warpSample(0), losses).targets();
        double min = -82;
        double[] sorted = losses.clone();
        java.util.Arrays.sort(sorted);
        double offset = sorted[20] - min;
        for (int i = 0; i < losses.length; i++) {
            assertEquals(Math.log(losses[i] - min + offset), all[i], 1e-12);
        }
    }

    @Test
    void aRightSkewedSampleWarpsEveryLossWithTheMedianOfAllAsOffset() {
        SmacSampler s = new SmacSampler(SPACE, new Rng(1), warpSample(10));
        double[] losses = new double[30];
        for (int i = 0; i < losses.length; i++) {
            losses[i] = i < 10 ? 1 + i * i : 1 + 0.5 * (i - 10);
            s.observe(new double[] {i / 30.0, 0.5}, losses[i]);
        }
        double[] sorted = losses.clone();
        java.util.Arrays.sort(sorted);
        double offset = sorted[15] - 1;
        double[] y = s.targets();
        for (int i = 0; i < losses.length; i++) {
            assertEquals(Math.log(losses[i] - 1 + offset), y[i], 1e-12);
        }
    }
}
