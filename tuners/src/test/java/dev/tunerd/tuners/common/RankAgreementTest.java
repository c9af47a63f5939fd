package dev.tunerd.tuners.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import java.util.List;
import org.junit.jupiter.api.Test;

class RankAgreementTest {

    @Test
    void kendallsTauOfEachRungAgainstTheFinalValues() {
        RankAgreement a = new RankAgreement(0.5, 3, 10);
        a.record(new double[] {1, 30}, 3);
        a.record(new double[] {2, 20}, 2);
        a.record(new double[] {3, 10}, 1);
        a.record(new double[] {4, 5}, 0.5);
        assertEquals(-1, a.agreement(0), 1e-12, "rung 0 ranks them backwards");
        assertEquals(1, a.agreement(1), 1e-12, "rung 1 ranks them as the finals do");
        assertFalse(a.trusts(0));
        assertTrue(a.trusts(1));
        assertFalse(a.trusts(2), "no full training has a rung 2");
        a.record(new double[] {5, 1}, 0.1); // still exactly reversed at rung 0
        assertEquals(-1, a.agreement(0), 1e-12);
    }

    @Test
    void aRungNeedsEnoughFullTrainingsUnlessEveryRungIsTrusted() {
        RankAgreement a = new RankAgreement(0.5, 3, 10);
        a.record(new double[] {1}, 1);
        a.record(new double[] {2}, 2);
        assertEquals(2, a.count(0));
        assertFalse(a.trusts(0), "two full trainings are not enough");
        assertTrue(new RankAgreement(RankAgreement.ALWAYS, 3, 10).trusts(0));
        a.record(new double[] {Double.NaN}, 3);
        assertEquals(2, a.count(0), "a curve with a missing value is ignored");
    }

    @Test
    void theWindowKeepsTheLatestAndASnapshotRestoresThem() {
        RankAgreement a = new RankAgreement(0.5, 2, 3);
        a.record(new double[] {1}, 3); // dropped by the window
        a.record(new double[] {1}, 1);
        a.record(new double[] {2}, 2);
        a.record(new double[] {3}, 3);
        assertEquals(3, a.count(0));
        assertEquals(1, a.agreement(0), 1e-12);
        RankAgreement b = new RankAgreement(0.5, 2, 3);
        b.restore(Json.parse(Json.writeAllowingNonFinite(a.snapshot())));
        assertEquals(3, b.count(0));
        assertEquals(1, b.agreement(0), 1e-12);
        assertThrows(IllegalArgumentException.class, () -> new RankAgreement(2, 2, 3));
    }

    @Test
    void valuesAtBudgetsAssumeOneResultPerEpochAndLeaveMissingOnesOut() {
        List<Double> fiveOfNine = List.of(1.0, 2.0, 3.0, 4.0, 5.0);
        double[] at = RankAgreement.atBudgets(fiveOfNine, new int[] {1, 3, 6}, 9);
        assertEquals(1.0, at[0]);
        assertEquals(3.0, at[1], "epoch 3, not the value in proportion to five results");
        assertTrue(Double.isNaN(at[2]), "epoch 6 never arrived");
        List<Double> twicePerEpoch = List.of(1.0, 2.0, 3.0, 4.0, 5.0, 6.0);
        assertEquals(List.of(2.0, 4.0), List.of(RankAgreement.atBudgets(twicePerEpoch, new int[] {1, 2}, 3)[0],
            RankAgreement.atBudgets(twicePerEpoch, new int[] {1, 2}, 3)[1]), "more results than epochs: in proportion");
        RankAgreement a = new RankAgreement(0.5, 2, 10);
        a.record(new double[] {1, 1}, 1);
        a.record(new double[] {2, Double.NaN}, 2);
        a.record(new double[] {3, Double.NaN}, 3);
        assertEquals(3, a.count(0));
        assertEquals(1, a.count(1), "a missing rung value leaves the training out of that rung only");
        assertFalse(a.trusts(1));
    }

    @Test
    void theRunningTallyGivesTheTauOfACountOverAllPairsToTheBit() {
        java.util.Random random = new java.util.Random(24500);
        RankAgreement a = new RankAgreement(0.5, 2, 7);
        java.util.ArrayDeque<double[]> kept = new java.util.ArrayDeque<>();
        for (int t = 0; t < 60; t++) {
            double[] rungs = new double[3];
            for (int k = 0; k < rungs.length; k++) { // coarse values, so ties occur; now and then a missing one
                rungs[k] = random.nextInt(10) == 0 ? Double.NaN : random.nextInt(6);
            }
            double fin = random.nextInt(6);
            a.record(rungs, fin);
            if (java.util.Arrays.stream(rungs).anyMatch(Double::isFinite)) {
                double[] c = java.util.Arrays.copyOf(rungs, 4);
                c[3] = fin;
                kept.addLast(c);
                if (kept.size() > 7) {
                    kept.pollFirst();
                }
            }
            RankAgreement restored = new RankAgreement(0.5, 2, 7);
            restored.restore(Json.parse(Json.writeAllowingNonFinite(a.snapshot())));
            for (int k = 0; k < 3; k++) {
                double expected = bruteForceTau(kept, k);
                assertEquals(expected, a.agreement(k), 0.0, "rung " + k + " after " + (t + 1));
                assertEquals(expected, restored.agreement(k), 0.0, "restored, rung " + k + " after " + (t + 1));
            }
        }
    }

    /** Kendall's tau over every pair of the trainings with a value at rung k, oldest first (the definition). */
    private static double bruteForceTau(java.util.Collection<double[]> curves, int k) {
        List<double[]> at = curves.stream().filter(c -> Double.isFinite(c[k])).toList();
        int n = at.size();
        if (n < 2) {
            return Double.NaN;
        }
        long score = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                score += (long) (Math.signum(at.get(i)[k] - at.get(j)[k]) * Math.signum(at.get(i)[3] - at.get(j)[3]));
            }
        }
        return score / (n * (n - 1) / 2.0);
    }
}
