package dev.tunerd.simulator.problem;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.util.List;
import java.util.function.DoubleBinaryOperator;
import org.junit.jupiter.api.Test;

/**
 * {@link CurveOrder} and {@link RungOrder} on synthetic problems whose answer is known: curves that never cross (every
 * rung orders the configurations as the end does: survival 1, Spearman 1) and curves that swap order halfway (every
 * rung before the middle orders them backwards: survival 0, Spearman -1); the halving probability against a count
 * over every group of a small population.
 */
class CurveOrderTest {

    /** A 27-epoch problem of one uniform parameter x in [0, 1] whose noise-free loss after epoch t is loss(x, t). */
    private static Problem synthetic(String name, DoubleBinaryOperator loss) {
        JsonObject space = Json.parseObject("{\"x\": {\"_type\": \"uniform\", \"_value\": [0, 1]}}", "space");
        return new FixedProblem(name, "27-epoch synthetic", space, 0, 27, 0) {
            @Override
            public Trajectory evaluate(JsonValue parameters) {
                double x = Params.number(Params.object(parameters, "p"), "x");
                double[] curve = new double[27];
                for (int t = 1; t <= 27; t++) {
                    curve[t - 1] = loss.applyAsDouble(x, t);
                }
                return new Trajectory(curve, curve[26]);
            }
        };
    }

    @Test
    void rungsAreHyperbandsBudgetsAtEtaThree() {
        assertArrayEquals(new int[] {2, 6}, CurveOrder.rungs(20));
        assertArrayEquals(new int[] {1, 3, 9}, CurveOrder.rungs(27));
        assertArrayEquals(new int[] {1, 3, 9, 27}, CurveOrder.rungs(81));
        assertArrayEquals(new int[] {2, 7, 22, 66}, CurveOrder.rungs(200));
    }

    @Test
    void curvesThatNeverCrossKeepEveryBestConfigurationAtEveryRung() {
        Problem p = synthetic("ordered", (x, t) -> (0.1 + x) * (1 + 5 * Math.exp(-t / 4.0)));
        List<RungOrder.Reading> readings = CurveOrder.measure(p, 25400, 2000, 81);
        assertEquals(4, readings.size(), "rungs 1, 3, 9 and the final epoch 27");
        for (RungOrder.Reading r : readings) {
            assertEquals(1, r.spearman(), 1e-12);
            assertEquals(1, r.spearmanQuarter(), 1e-12);
            assertEquals(1, r.survival()[0], 1e-9, "best 1 % at " + r.budget());
            assertEquals(1, r.survival()[1], 1e-9, "best 5 % at " + r.budget());
        }
        assertTrue(CurveOrder.passes(readings));
    }

    @Test
    void curvesThatSwapOrderLoseTheBestConfigurationsAtEveryRungBeforeTheSwap() {
        Problem p = synthetic("swapping", (x, t) -> (1 - t / 27.0) * (1 - x) + t / 27.0 * x);
        List<RungOrder.Reading> readings = CurveOrder.measure(p, 25401, 2000, 81);
        for (RungOrder.Reading r : readings.subList(0, 3)) { // epochs 1, 3 and 9: before the middle
            assertEquals(-1, r.spearman(), 1e-12);
            assertTrue(r.survival()[0] < 1e-6, "best 1 % at " + r.budget() + ": " + r.survival()[0]);
            assertTrue(r.survival()[1] < 1e-6, "best 5 % at " + r.budget() + ": " + r.survival()[1]);
        }
        assertEquals(1, readings.get(3).survival()[0], 1e-9);
        assertFalse(CurveOrder.passes(readings));
    }

    @Test
    void noiseAtTheRungLowersSurvivalBelowOneButNotToZero() {
        Problem p = synthetic("noisy", (x, t) -> (0.1 + x) + (t < 27 ? 0.8 * Math.sin(1e4 * x * t) : 0));
        RungOrder.Reading r = CurveOrder.measure(p, 25402, 2000, 81).get(2);
        assertTrue(r.survival()[0] > 0.2 && r.survival()[0] < 0.99, "best 1 %: " + r.survival()[0]);
        assertTrue(r.spearman() > 0 && r.spearman() < 1, "Spearman " + r.spearman());
    }

    @Test
    void halvingProbabilityMatchesACountOverEveryGroupOfASmallPopulation() {
        int n = 9;
        int group = 6; // two kept
        for (int better = 0; better < n; better++) {
            int kept = 0;
            int groups = 0;
            for (int mask = 0; mask < 1 << (n - 1); mask++) { // the others in the group, by how they rank
                if (Integer.bitCount(mask) != group - 1) {
                    continue;
                }
                groups++;
                int ahead = Integer.bitCount(mask & ((1 << better) - 1)); // others 0..better-1 are ahead
                kept += ahead < group / 3 ? 1 : 0;
            }
            assertEquals((double) kept / groups, RungOrder.keptInGroup(better, n, group), 1e-12, "better " + better);
        }
    }

    @Test
    void spearmanOfOrderedReversedAndTiedValues() {
        assertEquals(1, RungOrder.spearman(new double[] {1, 2, 3, 4}, new double[] {10, 20, 30, 40}), 1e-12);
        assertEquals(-1, RungOrder.spearman(new double[] {1, 2, 3, 4}, new double[] {4, 3, 2, 1}), 1e-12);
        assertArrayEquals(new double[] {0, 1.5, 1.5, 3}, RungOrder.meanRanks(new double[] {1, 5, 5, 9}), 1e-12);
        assertEquals(0.6, RungOrder.spearman(new double[] {1, 2, 3, 4, 5}, new double[] {2, 1, 5, 3, 4}), 1e-12);
        assertEquals(3, RungOrder.better(new double[] {1, Double.NaN, 3, 2, 4}, 4), "NaN is the worst");
    }

    @Test
    void badArgumentsAreRefusedByName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> RungOrder.read(3, new double[10], new double[10], 81));
        assertTrue(e.getMessage().contains("group"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> CurveOrder.main(new String[] {"curves", "1", "50"}));
    }
}
