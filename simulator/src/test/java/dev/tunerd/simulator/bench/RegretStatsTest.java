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
