package dev.tunerd.tuners.smac;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.tuners.common.Rng;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** SMAC's far search: while the best observations sit in one basin, a share of suggestions looks elsewhere. */
class SmacFarTest {
    private static final SearchSpace SPACE = SearchSpace.parse(Json.parseObject("""
        {"x": {"_type": "uniform", "_value": [0, 1]}, "y": {"_type": "uniform", "_value": [0, 1]},
         "z": {"_type": "uniform", "_value": [0, 1]}}""", "space"), SearchSpace.ALL_TYPES);
    private static final double[] BEST = {0.2, 0.3, 0.8};
    private static final double RADIUS = 0.25;

    private static SmacSettings far(double share) {
        SmacSettings d = SmacSettings.DEFAULT;
        return new SmacSettings(0, 0, d.featureShare(), d.localStarts(), d.randomStarts(), d.withinLeaf(), d.logEi(),
            d.randomCandidates(), d.step(), d.warpSkewness(), d.trees(), d.minSplit(), 0, d.warpSample())
            .withFar(share, RADIUS, 10, RADIUS, false);
    }

    private static double distance(double[] a, double[] b) {
        double d2 = 0;
        for (int i = 0; i < a.length; i++) {
            d2 += (a[i] - b[i]) * (a[i] - b[i]);
        }
        return Math.sqrt(d2);
    }

    /**
     * Twelve observations within 0.05 of {@link #BEST} (loss = distance from it, the best at BEST itself), and
     * {@code others} random ones, with {@code spread} when true placing every other one of them among the best.
     */
    private static SmacSampler observed(SmacSettings settings, boolean spread) {
        SmacSampler s = new SmacSampler(SPACE, new Rng(5), settings);
        Rng data = new Rng(11);
        observeBasin(s, data);
        for (int t = 0; t < 20; t++) {
            double[] v = new double[3];
            Arrays.setAll(v, i -> data.nextDouble());
            double d = distance(v, BEST);
            s.observe(v, spread && t % 2 == 0 && d > RADIUS ? 0.01 + 0.001 * t : 1 + d);
        }
        return s;
    }

    /** {@link #BEST} and eleven observations within 0.05 of it, loss = distance from it. */
    private static void observeBasin(SmacSampler s, Rng data) {
        s.observe(BEST.clone(), 0);
        for (int t = 0; t < 11; t++) {
            double[] v = new double[3];
            Arrays.setAll(v, i -> BEST[i] + 0.05 * (2 * data.nextDouble() - 1) / Math.sqrt(3));
            s.observe(v, distance(v, BEST));
        }
    }

    private static int near(SmacSampler s, int n) {
        int near = 0;
        for (int t = 0; t < n; t++) {
            double[] v = s.suggest(List.of());
            assertEquals(3, v.length);
            near += distance(v, BEST) < RADIUS ? 1 : 0;
        }
        return near;
    }

    @Test
    void aCollapsedRunSearchesOnlyFarFromTheBestWhenTheShareIsOne() {
        assertEquals(0, near(observed(far(1), false), 20));
    }

    @Test
    void withoutTheFarSearchTheSameRunStaysInItsBasin() {
        // the control for the test above: the forest's EI is highest next to the incumbent
        assertTrue(near(observed(far(0), false), 20) >= 10);
    }

    @Test
    void aRunWhoseBestObservationsAreSpreadOutIsNotCollapsed() {
        // ten good observations far from the best one: the rule does not act, the forest refines near the best
        assertTrue(near(observed(far(1), true), 20) >= 5);
    }

    @Test
    void aSpaceWithAChoiceDrawsAsWithoutTheFarSearch() {
        // its options get the larger random share instead; the far search's coin is not even drawn there
        SearchSpace mixed = SearchSpace.parse(Json.parseObject("""
            {"x": {"_type": "uniform", "_value": [0, 1]}, "y": {"_type": "uniform", "_value": [0, 1]},
             "c": {"_type": "choice", "_value": ["a", "b"]}}""", "space"), SearchSpace.ALL_TYPES);
        SmacSampler on = new SmacSampler(mixed, new Rng(7), far(1));
        SmacSampler off = new SmacSampler(mixed, new Rng(7), far(0));
        Rng data = new Rng(8);
        int nearBest = 0;
        for (int t = 0; t < 40; t++) {
            double[] a = on.suggest(List.of());
            double[] b = off.suggest(List.of());
            assertEquals(Arrays.toString(b), Arrays.toString(a), "suggestion " + t);
            // losses concentrated near (0.2, 0.3) on option "a": the run collapses into that basin
            double loss = Math.hypot(a[0] - 0.2, a[1] - 0.3) + a[2] + 0.01 * data.nextDouble();
            nearBest += t >= 20 && loss < RADIUS ? 1 : 0;
            on.observe(a, loss);
            off.observe(b, loss);
        }
        assertTrue(nearBest > 0, "the run reached the basin the far search would have left");
    }

    /**
     * A collapsed run whose basin's slope reaches past the radius: twelve observations near {@link #BEST}, ten on its
     * rim (0.26 to 0.35 from it, loss = distance: better than anything else far away) and twenty random ones (loss
     * 1 + distance). One random candidate per suggestion and no random starts, so with {@code farFromRandom} a far
     * suggestion is that one candidate and without it the best of the local searches from the far observations.
     * Returns how many of {@code n} far suggestions (share 1) land on the rim (within 0.4 of the best).
     */
    private static int onRim(boolean fromRandom, double avoid, int n) {
        return onRim(fromRandom, avoid, 0, false, n);
    }

    /** {@link #onRim(boolean, double, int)} with the far search's basin test {@code basin} (0: the ball alone). */
    private static int onRim(boolean fromRandom, double avoid, double basin, boolean basinForest, int n) {
        SmacSettings d = SmacSettings.DEFAULT;
        SmacSampler s = new SmacSampler(SPACE, new Rng(5), new SmacSettings(0, 0, d.featureShare(), d.localStarts(), 0,
            d.withinLeaf(), d.logEi(), 1, d.step(), d.warpSkewness(), d.trees(), d.minSplit(), 0, d.warpSample())
            .withFar(1, RADIUS, 10, avoid, fromRandom).withBasin(basin, basinForest));
        Rng data = new Rng(13);
        observeBasin(s, data);
        for (int t = 0; t < 10; t++) {
            double[] dir = new double[3];
            Arrays.setAll(dir, i -> data.nextGaussian());
            double r = (0.26 + 0.09 * data.nextDouble()) / Math.sqrt(dir[0] * dir[0] + dir[1] * dir[1] + dir[2] * dir[2]);
            double[] v = new double[3];
            Arrays.setAll(v, i -> BEST[i] + r * dir[i]);
            if (Arrays.stream(v).allMatch(x -> x >= 0 && x <= 1)) {
                s.observe(v, distance(v, BEST));
            }
        }
        for (int t = 0; t < 20; t++) {
            double[] v = new double[3];
            Arrays.setAll(v, i -> data.nextDouble());
            s.observe(v, 1 + distance(v, BEST));
        }
        int rim = 0;
        for (int t = 0; t < n; t++) {
            double dist = distance(s.suggest(List.of()), BEST);
            assertTrue(dist >= avoid, "a far suggestion stays outside farAvoid: " + dist);
            rim += dist < 0.4 ? 1 : 0;
        }
        return rim;
    }

    @Test
    void withoutFarFromRandomTheFarSearchClimbsToTheRimOfTheBasin() {
        int rim = onRim(false, RADIUS, 20);
        assertTrue(rim >= 9, rim + " of 20 on the rim");
    }

    @Test
    void farFromRandomStartsNoLocalSearchFromTheFarObservations() {
        // the one far random candidate is the suggestion: spread over the far region, mostly beyond the rim
        int rim = onRim(true, RADIUS, 20);
        assertTrue(rim <= 6, rim + " of 20 on the rim");
    }

    @Test
    void theFarSearchKeepsFarAvoidFromTheBestNotFarRadius() {
        // the collapse test keeps farRadius (0.25); nothing is proposed within farAvoid (0.35), asserted in onRim
        assertTrue(onRim(false, 0.35, 20) >= 0);
    }

    @Test
    void theBasinTestFollowsASlopeBeyondTheBallButNotAGapToANearbyBasin() {
        // forty observations within 0.05 of BEST, a slope from it out to 0.45 (a point every 0.03, loss rising with
        // the distance), a separate basin 0.2 from BEST (worse than the slope's start) and five random observations
        SmacSampler s = new SmacSampler(SPACE, new Rng(5), far(1).withBasin(2, false));
        Rng data = new Rng(17);
        s.observe(BEST.clone(), 0);
        for (int t = 0; t < 40; t++) {
            double[] v = new double[3];
            Arrays.setAll(v, i -> BEST[i] + 0.05 * (2 * data.nextDouble() - 1) / Math.sqrt(3));
            s.observe(v, distance(v, BEST));
        }
        int slopeFrom = 41;
        for (int t = 1; t <= 15; t++) {
            double r = 0.03 * t;
            s.observe(new double[] {BEST[0] + r, BEST[1], BEST[2]}, r);
        }
        int separateFrom = slopeFrom + 15;
        double[] centre = {BEST[0], BEST[1] + 0.2, BEST[2]};
        s.observe(centre.clone(), 0.5);
        for (int t = 0; t < 4; t++) {
            double[] v = new double[3];
            Arrays.setAll(v, i -> centre[i] + 0.02 * (2 * data.nextDouble() - 1) / Math.sqrt(3));
            s.observe(v, 0.5 + distance(v, centre));
        }
        for (int t = 0; t < 5; t++) {
            double[] v = new double[3];
            Arrays.setAll(v, i -> data.nextDouble());
            s.observe(v, 1 + distance(v, BEST));
        }
        boolean[] basin = s.basinByObservation();
        assertTrue(basin[0], "the best observation");
        for (int i = slopeFrom; i < separateFrom; i++) {
            assertTrue(basin[i], "slope point " + (i - slopeFrom) + " at " + 0.03 * (i - slopeFrom + 1));
        }
        for (int i = separateFrom; i < separateFrom + 5; i++) {
            assertFalse(basin[i], "the separate basin's observation " + (i - separateFrom));
        }
    }

    @Test
    void theBasinTestsFarSearchStillKeepsFarAvoidFromTheBest() {
        // asserted in onRim for every suggestion, with the forest of the observations outside the basin too
        assertTrue(onRim(false, RADIUS, 2, true, 20) >= 0);
        assertTrue(onRim(false, RADIUS, 2, false, 20) >= 0);
    }

    /**
     * Twenty random observations (loss 1 + distance from {@link #BEST}), then {@link #BEST}'s basin as in
     * {@link #observeBasin} but with {@link #BEST} itself observed last, then {@code after} more random ones: the
     * best observation is {@code after} observations old.
     */
    private static SmacSampler bestObservedLate(SmacSettings settings, int after) {
        SmacSampler s = new SmacSampler(SPACE, new Rng(5), settings);
        Rng data = new Rng(23);
        for (int t = 0; t < 20; t++) {
            double[] v = new double[3];
            Arrays.setAll(v, i -> data.nextDouble());
            s.observe(v, 1 + distance(v, BEST));
        }
        for (int t = 0; t < 11; t++) {
            double[] v = new double[3];
            Arrays.setAll(v, i -> BEST[i] + 0.05 * (2 * data.nextDouble() - 1) / Math.sqrt(3));
            s.observe(v, distance(v, BEST));
        }
        s.observe(BEST.clone(), 0);
        for (int t = 0; t < after; t++) {
            double[] v = new double[3];
            Arrays.setAll(v, i -> data.nextDouble());
            s.observe(v, 1 + distance(v, BEST));
        }
        return s;
    }

    @Test
    void theBasinTestWaitsUntilTheBestObservationIsOld() {
        // 32 + after observations; with farBasinStall 0.35 the best must be max(10, 0.35 n) observations old
        SmacSettings stall = far(1).withBasin(2, true).withBasinStall(0.35);
        assertFalse(bestObservedLate(stall, 0).basinTestActs(), "the best is the last observation");
        assertFalse(bestObservedLate(stall, 9).basinTestActs(), "9 old of 41: below the floor of 10");
        assertFalse(bestObservedLate(stall, 17).basinTestActs(), "17 old of 49: below 0.35 * 49 = 17.15");
        assertTrue(bestObservedLate(stall, 18).basinTestActs(), "18 old of 50: 0.35 * 50 = 17.5");
        assertTrue(bestObservedLate(far(1).withBasin(2, true), 0).basinTestActs(), "farBasinStall 0: always");
    }

    @Test
    void beforeTheStallTheFarSearchDrawsAsTheBallAlone() {
        // the best observation is fresh: with the stall rule the sampler is the ball's (farBasin 0) draw for draw
        SmacSampler ball = bestObservedLate(far(1), 0);
        SmacSampler gated = bestObservedLate(far(1).withBasin(2, true).withBasinStall(0.35), 0);
        SmacSampler always = bestObservedLate(far(1).withBasin(2, true), 0);
        boolean alwaysDiffers = false;
        for (int t = 0; t < 5; t++) {
            double[] a = ball.suggest(List.of());
            assertEquals(Arrays.toString(a), Arrays.toString(gated.suggest(List.of())), "suggestion " + t);
            alwaysDiffers |= !Arrays.equals(a, always.suggest(List.of()));
        }
        assertTrue(alwaysDiffers, "the control: the basin test without the stall rule draws otherwise");
    }

    @Test
    void settingsOutOfRangeAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> far(0.5).withBasinStall(-0.1));
        assertThrows(IllegalArgumentException.class, () -> far(0.5).withBasinStall(1.5));
        assertThrows(IllegalArgumentException.class, () -> far(0.5).withBasin(-1, false));
        SmacSettings d = far(0.5);
        assertThrows(IllegalArgumentException.class, () -> far(1.5));
        assertThrows(IllegalArgumentException.class, () -> d.withFar(0.5, 0, 10, RADIUS, false));
        assertThrows(IllegalArgumentException.class, () -> d.withFar(0.5, RADIUS, 0, RADIUS, false));
        assertThrows(IllegalArgumentException.class, () -> d.withFar(0.5, RADIUS, 10, 0, false));
    }
}
