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
 * suggestions, draw for draw; from then on about 40% of them differ.
 */
class UnivariateStartTest {
    private static final List<ParameterSpec> SPECS = List.of(Specs.uniform("x", 0, 1), Specs.uniform("y", 0, 1));

    private static TpeSettings jointOnly() {
        TpeSettings d = TpeArgs.defaults().settings();
        return new TpeSettings(d.startupTrials(), d.eiCandidates(), d.linearForgetting(), d.priorWeight(),
            d.gammaSqrt(), d.gammaLinear(), d.bandwidthFactor(), d.badCap(), 0.0, d.independentAfter(), d.liar(),
            d.diversity(), ExplorationFloor.NONE);
    }

    private static TpeSettings defaultsWithoutFloor() {
        TpeSettings d = TpeArgs.defaults().settings();
        return new TpeSettings(d.startupTrials(), d.eiCandidates(), d.linearForgetting(), d.priorWeight(),
            d.gammaSqrt(), d.gammaLinear(), d.bandwidthFactor(), d.badCap(), d.independentShare(),
            d.independentAfter(), d.liar(), d.diversity(), ExplorationFloor.NONE);
    }

    /** Share of seeds whose suggestion after {@code observations} results differs from the joint-only sampler's. */
    private static double differing(int observations) {
        int differ = 0;
        int n = 200;
        for (int seed = 0; seed < n; seed++) {
            TpeSampler mixed = new TpeSampler(new UnitSpace(SPECS), defaultsWithoutFloor(), new Rng(seed));
            TpeSampler joint = new TpeSampler(new UnitSpace(SPECS), jointOnly(), new Rng(seed));
            Rng data = new Rng(1000 + seed);
            for (int t = 0; t < observations; t++) {
                double[] x = {data.nextDouble(), data.nextDouble()};
                double loss = (x[0] - 0.3) * (x[0] - 0.3) + (x[1] - 0.6) * (x[1] - 0.6);
                mixed.observe(x, loss);
                joint.observe(x, loss);
            }
            differ += Arrays.equals(mixed.suggest(List.of()), joint.suggest(List.of())) ? 0 : 1;
        }
        return differ / (double) n;
    }

    @Test
    void univariateSuggestionsStartAfterTwentyObservations() {
        assertEquals(20, TpeArgs.defaults().settings().independentAfter());
        assertEquals(0.0, differing(19));
        double from = differing(20);
        assertTrue(from > 0.25 && from < 0.55, "share of univariate suggestions at 20 observations: " + from);
    }
}
