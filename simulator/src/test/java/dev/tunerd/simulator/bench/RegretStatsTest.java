package dev.tunerd.simulator.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RegretStatsTest {

    @Test
    void medianOfOddAndEvenCounts() {
        assertEquals(3.0, RegretStats.median(new double[] {5, 1, 3}));
        assertEquals(2.5, RegretStats.median(new double[] {4, 1, 3, 2}));
        assertTrue(Double.isNaN(RegretStats.median(new double[0])));
    }

    @Test
    void percentileIsTheNearestRank() {
        double[] hundred = new double[100];
        for (int i = 0; i < 100; i++) {
            hundred[i] = 100 - i; // 100 .. 1, unsorted on purpose
        }
        assertEquals(90.0, RegretStats.percentile(hundred, 0.9));
        assertEquals(100.0, RegretStats.percentile(hundred, 1.0));
        assertEquals(3.0, RegretStats.percentile(new double[] {1, 2, 3}, 0.9));
        assertEquals(7.0, RegretStats.percentile(new double[] {7}, 0.9));
        assertTrue(Double.isNaN(RegretStats.percentile(new double[0], 0.9)));
    }

    @Test
    void scoresPerSeedSetAndTailComeFromTheirOwnSeeds() {
        // Random: regret 4 on set 0 and 8 on set 1; T: 1 on set 0 (score 75), 8 on set 1 (score 0)
        List<double[]> random = List.of(new double[] {4}, new double[] {4}, new double[] {8}, new double[] {8});
        List<double[]> tuner = List.of(new double[] {1}, new double[] {1}, new double[] {8}, new double[] {8});
        Map<String, Map<String, List<double[]>>> runs = new LinkedHashMap<>();
        runs.put("Random", Map.of("p", random));
        runs.put("T", Map.of("p", tuner));
        runs.put("T, 4 in flight", Map.of("p", random));
        QualityBench.Outcome o = new QualityBench.Outcome(runs, Map.of(), Map.of("p", 0.0), List.of(10L, 11L, 12L,
            13L), 2);
        assertEquals(2, o.seedSets());
        assertEquals(75.0, QualityReport.score(o, "T", 1, 0, 2), 1e-12);
        assertEquals(0.0, QualityReport.score(o, "T", 1, 2, 4), 1e-12);
        assertEquals(8.0, QualityReport.tailRegret(o, "T", "p", 100));
        String text = QualityReport.render(o, List.of("p"), 1, 4);
        assertTrue(text.contains("| tuner | seeds 10–11 | seeds 12–13 | lowest | highest | spread |"), text);
        assertTrue(text.contains("| tunerd T | 75 | 0 | 0 | 75 | 75 |"), text);
        // over all seeds T has mean regret 4.5 against 6 (score 25), its in-flight arm 0: a gap of -25
        assertTrue(text.contains("| tunerd T, 4 in flight | -25.0 |"), text);
        assertTrue(text.contains("| Random, median | 6 |"), text);
        assertTrue(text.contains("| tunerd T | 8 | 0 of 1 |"), text);
    }

    @Test
    void regretIsBestSoFarAtTheBudgetMinusTheOptimum() {
        List<double[]> runs = List.of(new double[] {5, 4, 2}, new double[] {3, 3, 3});
        assertArrayEquals(new double[] {3, 2}, RegretStats.regretsAt(runs, 2, 1));
        assertArrayEquals(new double[] {1, 2}, RegretStats.regretsAt(runs, 3, 1));
    }

    @Test
    void normalisedScoreAveragesOverProblems() {
        Map<String, Double> random = new LinkedHashMap<>();
        random.put("a", 4.0);
        random.put("b", 10.0);
        Map<String, Double> tuner = new LinkedHashMap<>();
        tuner.put("a", 1.0);   // 100 * (1 - 1/4) = 75
        tuner.put("b", 10.0);  // 0
        assertEquals(37.5, RegretStats.normalisedScore(tuner, random), 1e-12);
        assertEquals(0.0, RegretStats.normalisedScore(random, random), 1e-12);
    }

    @Test
    void problemsWhereRandomIsOptimalAreSkipped() {
        Map<String, Double> random = Map.of("a", 0.0, "b", 2.0);
        Map<String, Double> tuner = Map.of("a", 0.0, "b", 1.0);
        assertEquals(50.0, RegretStats.normalisedScore(tuner, random), 1e-12);
    }

    @Test
    void budgetsFollowTheRunLength() {
        assertEquals(List.of(50, 100, 200), QualityReport.budgets(200));
        assertEquals(List.of(50, 60), QualityReport.budgets(60));
        assertEquals(List.of(20), QualityReport.budgets(20));
    }

    @Test
    void referenceTablesHaveOneColumnPerTextbookProblem() {
        ReferenceFigures.MEDIAN_REGRET_100.values().forEach(v -> assertEquals(9, v.length));
        ReferenceFigures.MEDIAN_REGRET_200.values().forEach(v -> assertEquals(9, v.length));
        assertEquals(0.385, ReferenceFigures.MEDIAN_REGRET_100.get("NNI Random")[0]);
        assertEquals(84.2, ReferenceFigures.NORMALISED_SCORE.get("NNI Anneal")[2]);
    }
}
