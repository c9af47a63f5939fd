package dev.tunerd.tuners.tpe.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.spi.space.ParameterSpec;
import dev.tunerd.tuners.tpe.TpeArgs;
import dev.tunerd.tuners.bench.Specs;
import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.model.UnitSpace;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The TPE core: good-set sizes, and that the model concentrates where the loss is small. */
class TpeSamplerTest {

    @Test
    void goodCountFollowsNnisSqrtRuleWhenGammaIsGivenAndTheLinearRuleOtherwise() {
        TpeSettings nni = new TpeArgs(null, 20, 24, 25, 1.0, 0.25).settings();
        assertEquals(3, nni.goodCount(100));
        assertEquals(1, nni.goodCount(1));
        assertEquals(8, nni.goodCount(1000));
        TpeSettings auto = TpeArgs.defaults().settings();
        assertEquals(15, auto.goodCount(100));
        assertEquals(25, auto.goodCount(1000));
        assertEquals(1, auto.goodCount(2));
    }

    @Test
    void historyKeepsRowsSortedByLossAndPopsTemporaryRows() {
        GroupHistory h = new GroupHistory(1);
        double[] row = new double[1];
        double[] losses = {3, 1, 2, 1};
        for (int i = 0; i < losses.length; i++) {
            row[0] = i;
            h.push(row, losses[i]);
        }
        assertEquals(List.of(1, 3, 2, 0), List.of(h.rowAtRank(0), h.rowAtRank(1), h.rowAtRank(2), h.rowAtRank(3)));
        h.push(row, 0.5);
        assertEquals(4, h.rowAtRank(0));
        h.pop();
        assertEquals(1, h.rowAtRank(0));
        assertEquals(4, h.rows());
    }

    @Test
    void concentratesNearTheMinimumOfAQuadraticFarBetterThanUniformSampling() {
        // uniform sampling on [0, 1] is on average 0.29 away from 0.3; TPE's last 20 of 60 should be under half of that
        List<ParameterSpec> specs = List.of(Specs.uniform("x", 0, 1));
        int closeRuns = 0;
        for (long seed = 0; seed < 5; seed++) {
            TpeSampler s = new TpeSampler(new UnitSpace(specs), TpeArgs.defaults().settings(), new Rng(seed));
            double distance = 0;
            for (int t = 0; t < 60; t++) {
                double[] x = s.suggest(List.of());
                s.observe(x, (x[0] - 0.3) * (x[0] - 0.3));
                distance += t >= 40 ? Math.abs(x[0] - 0.3) / 20 : 0;
            }
            closeRuns += distance < 0.145 ? 1 : 0;
        }
        assertTrue(closeRuns == 5, "runs with mean distance below half of uniform's: " + closeRuns);
    }

    @Test
    void randintIsOrdinalAndConditionalParametersOnlyAppearUnderTheirBranch() {
        List<ParameterSpec> specs = List.of(Specs.randint("k", 0, 50), Specs.choice("c", 2, -1, -1),
            Specs.nestedUniform("y", 0, 1, 1, 1));
        TpeSampler s = new TpeSampler(new UnitSpace(specs), TpeArgs.defaults().settings(), new Rng(7));
        double nearTarget = 0;
        for (int t = 0; t < 80; t++) {
            double[] x = s.suggest(List.of());
            assertEquals(x[1] == 1, !Double.isNaN(x[2]), "y is active exactly when c = 1");
            assertTrue(x[0] >= 0 && x[0] < 50 && x[0] == Math.rint(x[0]));
            double loss = Math.abs(x[0] - 37) + (x[1] == 1 ? x[2] : 1);
            s.observe(x, loss);
            nearTarget += t >= 60 && Math.abs(x[0] - 37) <= 3 ? 1 : 0;
        }
        // uniform sampling lands within 3 of 37 with probability 7/50: about 3 of the last 20
        assertTrue(nearTarget >= 10, "last 20 suggestions within 3 of the optimum: " + nearTarget);
    }

    @Test
    void trialsInFlightEnterTheModelOnlyThroughTheConstantLiar() {
        List<double[]> inFlight = List.of(new double[] {0.3}, new double[] {0.31}, new double[] {0.29});
        assertEquals(warmedUp("none").suggest(List.of())[0], warmedUp("none").suggest(inFlight)[0]);
        for (String liar : List.of("best", "worst", "mean")) {
            assertTrue(warmedUp(liar).suggest(List.of())[0] != warmedUp(liar).suggest(inFlight)[0], liar);
        }
    }

    private static TpeSampler warmedUp(String liar) {
        TpeSampler s = new TpeSampler(new UnitSpace(List.of(Specs.uniform("x", 0, 1))),
            new TpeArgs(liar, null, null, null, null, null).settings(), new Rng(4));
        for (int t = 0; t < 30; t++) {
            double[] x = s.suggest(List.of());
            s.observe(x, (x[0] - 0.3) * (x[0] - 0.3));
        }
        return s;
    }
}
