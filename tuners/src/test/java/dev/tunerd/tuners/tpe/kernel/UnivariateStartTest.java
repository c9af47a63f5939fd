package dev.tunerd.tuners.tpe.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.spi.space.ParameterSpec;
import dev.tunerd.tuners.bench.Specs;
import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.model.UnitSpace;
import dev.tunerd.tuners.tpe.TpeArgs;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Univariate suggestions (each parameter from its own good marginal, recombining good values across trials) start
 * after 20 observations of a group: before that a suggestion equals the one of a sampler without univariate
 * suggestions, draw for draw; from then on about 40% of them differ, and more while trials are in flight. Both
 * samplers run without the exploration floor and the local step (each tested on its own), which would take a share
 * of the suggestions away from either kind.
 */
class UnivariateStartTest {
    private static final List<ParameterSpec> SPECS = List.of(Specs.uniform("x", 0, 1), Specs.uniform("y", 0, 1));

    private static TpeSettings jointOnly() {
        TpeSettings d = TpeArgs.defaults().settings();
        return new TpeSettings(d.startupTrials(), d.eiCandidates(), d.linearForgetting(), d.priorWeight(),
            d.gammaSqrt(), d.gammaLinear(), d.bandwidthFactor(), d.badCap(), 0.0, d.independentAfter(), d.liar(),
            d.diversity(), ExplorationFloor.NONE, 0, d.goodInFlight(), SecondBasin.NONE, LocalRefine.NONE);
    }

    private static TpeSettings defaultsWithoutFloor() {
        return withoutFloor(TpeArgs.defaults().settings().independentInFlight());
    }

    private static TpeSettings withoutFloor(double independentInFlight) {
        TpeSettings d = TpeArgs.defaults().settings();
        return new TpeSettings(d.startupTrials(), d.eiCandidates(), d.linearForgetting(), d.priorWeight(),
            d.gammaSqrt(), d.gammaLinear(), d.bandwidthFactor(), d.badCap(), d.independentShare(),
            d.independentAfter(), d.liar(), d.diversity(), ExplorationFloor.NONE, independentInFlight,
            d.goodInFlight(), SecondBasin.NONE, LocalRefine.NONE);
    }

    /** Share of seeds whose suggestion after {@code observations} results differs from the joint-only sampler's. */
    private static double differing(int observations) {
        return differing(observations, 0, defaultsWithoutFloor());
    }

    /**
     * The same with {@code inFlight} trials in flight (uniform points, the same for both samplers, so the diversity
     * rule treats both alike) and the given settings for the mixed sampler.
     */
    private static double differing(int observations, int inFlight, TpeSettings settings) {
        int differ = 0;
        int n = 200;
        for (int seed = 0; seed < n; seed++) {
            TpeSampler mixed = new TpeSampler(new UnitSpace(SPECS), settings, new Rng(seed));
            TpeSampler joint = new TpeSampler(new UnitSpace(SPECS), jointOnly(), new Rng(seed));
            Rng data = new Rng(1000 + seed);
            for (int t = 0; t < observations; t++) {
                double[] x = {data.nextDouble(), data.nextDouble()};
                double loss = (x[0] - 0.3) * (x[0] - 0.3) + (x[1] - 0.6) * (x[1] - 0.6);
                mixed.observe(x, loss);
                joint.observe(x, loss);
            }
            List<double[]> running = new java.util.ArrayList<>();
            for (int k = 0; k < inFlight; k++) {
                running.add(new double[] {data.nextDouble(), data.nextDouble()});
            }
            differ += Arrays.equals(mixed.suggest(running), joint.suggest(running)) ? 0 : 1;
        }
        return differ / (double) n;
    }

    @Test
    void moreSuggestionsAreUnivariateWhileManyTrialsAreInFlight() {
        // default: s + (1 - s) K / (K + 4) with s = 0.4: 0.7 with 4 in flight, 0.87 with 15
        assertEquals(0.7, TpeArgs.defaults().settings().independentShare(4), 1e-12);
        double fifteen = differing(30, 15, defaultsWithoutFloor());
        double four = differing(30, 4, defaultsWithoutFloor());
        double none = differing(30, 0, defaultsWithoutFloor());
        double off = differing(30, 15, withoutFloor(0));
        assertTrue(fifteen > 0.75, "univariate share with 15 in flight: " + fifteen);
        assertTrue(four > 0.55 && four < 0.85, "univariate share with 4 in flight: " + four);
        assertTrue(none > 0.25 && none < 0.55, "univariate share with nothing in flight: " + none);
        assertTrue(off > 0.25 && off < 0.55, "univariate share with 15 in flight and the rise off: " + off);
    }

    @Test
    void univariateSuggestionsStartAfterTwentyObservations() {
        assertEquals(20, TpeArgs.defaults().settings().independentAfter());
        assertEquals(0.0, differing(19));
        double from = differing(20);
        assertTrue(from > 0.25 && from < 0.55, "share of univariate suggestions at 20 observations: " + from);
    }
}
