package dev.tunerd.simulator.fidelity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class PairedWithRandomTest {
    private static final double NAN = Double.NaN;

    private static MultiFidelityBench.Cell cell(String contender, long seed, double... regretAt) {
        return new MultiFidelityBench.Cell(contender, "longcurves", 4, seed,
            new BudgetedOutcome(regretAt, 8100, 2025, 1, 100, 100, 0, 1000));
    }

    /**
     * Six seeds in two sets of three. Random's finals 0.010, 0.020, 0.030 | 0.010, 0.010, 0.010 (mean 0.015).
     * HB at 100 %: 0.010 (equal), 0.020 + 5e-13 (equal: within 1e-12), 0.025 (better) | 0.012 (worse), 0.010
     * (equal), 0.011 (worse): differences sum to -0.002, mean -0.000333 = -2.2 % of 0.015; set means 0.01833 against
     * 0.020 (at or below), 0.011 against 0.010 (above). HB at a third: 0.009, 0.020, none | 0.010, 0.012, 0.008:
     * five pairs, differences -0.001, 0, 0, +0.002, -0.002, mean -0.0002 = -1.3 %; set means 0.0145 against 0.020
     * and 0.010 against 0.010 (both at or below). Full records no third.
     */
    private static List<MultiFidelityBench.Cell> outcomes() {
        double[] random = {0.010, 0.020, 0.030, 0.010, 0.010, 0.010};
        double[] hbFull = {0.010, 0.020 + 5e-13, 0.025, 0.012, 0.010, 0.011};
        double[] hbThird = {0.009, 0.020, NAN, 0.010, 0.012, 0.008};
        List<MultiFidelityBench.Cell> cells = new ArrayList<>();
        for (int s = 0; s < 6; s++) {
            cells.add(cell("Random", 100 + s, 0.05, 0.03, random[s], 0.04, 0.02));
        }
        for (int s = 0; s < 6; s++) {
            cells.add(cell("HB", 100 + s, 0.03, 0.02, hbFull[s], hbThird[s], 0.015));
        }
        for (int s = 5; s >= 0; s--) { // pairing is by seed, not by position
            cells.add(cell("Full", 100 + s, 0.05, 0.03, random[s]));
        }
        return cells;
    }

    private static List<MultiFidelityBench.Cell> of(String label) {
        return outcomes().stream().filter(c -> c.contender().equals(label)).collect(Collectors.toList());
    }

    @Test
    void countsWorseBetterEqualAndTheSetsAtOrBelowRandomsFinalAtTheFullBudget() {
        PairedWithRandom.Reading r = PairedWithRandom.read(of("Random"), of("HB"), 2, 3);
        assertEquals(6, r.pairs());
        assertEquals(-0.002 / 6, r.mean(), 1e-12);
        assertEquals(2, r.worse());
        assertEquals(1, r.better());
        assertEquals(3, r.equal());
        assertEquals(1, r.atOrBelow());
        assertEquals(2, r.sets());
        assertTrue(r.ci().low() < r.mean() && r.mean() < r.ci().high(), r.toString());
        assertTrue(r.ci().low() >= -0.005 && r.ci().high() <= 0.002, "within the differences' range: " + r);
        PairedWithRandom.Reading oneSet = PairedWithRandom.read(of("Random"), of("HB"), 2, 6);
        assertEquals(1, oneSet.atOrBelow());
        assertEquals(1, oneSet.sets());
        assertEquals(r.ci(), oneSet.ci(), "sets change the counts, not the pairs");
    }

    @Test
    void aThirdIsReadAgainstRandomsFinalAndSeedsWithoutAnIncumbentAreLeftOut() {
        PairedWithRandom.Reading r = PairedWithRandom.read(of("Random"), of("HB"), 3, 3);
        assertEquals(5, r.pairs());
        assertEquals(-0.0002, r.mean(), 1e-12);
        assertEquals(1, r.worse());
        assertEquals(2, r.better());
        assertEquals(2, r.equal());
        assertEquals(2, r.atOrBelow());
        assertNull(PairedWithRandom.read(of("Random"), of("Full"), 3, 3), "Full's runs recorded no third");
        PairedWithRandom.Reading same = PairedWithRandom.read(of("Random"), of("Full"), 2, 1);
        assertEquals(6, same.equal());
        assertEquals(6, same.atOrBelow());
        assertEquals(0, same.ci().low(), 0);
        assertEquals(0, same.ci().high(), 0);
    }

    @Test
    void theReportPutsOneRowPerContenderAfterEachTable() {
        String text = MultiFidelityReport.render(outcomes(), 3);
        assertTrue(text.contains("Random's mean regret at 100 %: 0.01500 over 6 seeds;"), text);
        assertTrue(text.contains("sets of 3 seeds"), text);
        List<String> hb = text.lines().filter(l -> l.startsWith("| HB |")).collect(Collectors.toList());
        assertEquals(2, hb.size(), "the main table's row and the paired row: " + text);
        String paired = hb.get(1);
        assertTrue(paired.startsWith("| HB | -0.00033 ("), paired);
        assertTrue(paired.contains(") | -2.2 % | 2 / 1 / 3 | 1 of 2 | -0.00020 ("), paired);
        assertTrue(paired.endsWith(") (5 of 6 seeds) | -1.3 % | 1 / 2 / 2 | 2 of 2 |"), paired);
        String full = text.lines().filter(l -> l.startsWith("| Full | +0.00000")).findFirst().orElseThrow();
        assertTrue(full.endsWith("| +0.0 % | 0 / 0 / 6 | 2 of 2 | — | — | — | — |"), full);
        assertTrue(text.lines().noneMatch(l -> l.startsWith("| Random | +") || l.startsWith("| Random | -")),
            "no paired row for Random itself");
        assertTrue(text.indexOf("Paired with random search") > text.indexOf("| Full | 0.0500"), "after the table");
        assertEquals(text, MultiFidelityReport.render(outcomes(), 3), "reproducible byte for byte");
        assertTrue(MultiFidelityReport.render(outcomes()).contains("| 1 of 1 |"), "all seeds in one set by default");
    }

    @Test
    void withoutRandomTheReportSaysWhyThereIsNoPairedTable() {
        List<MultiFidelityBench.Cell> noRandom = outcomes().stream().filter(c -> !c.contender().equals("Random"))
            .collect(Collectors.toList());
        String text = MultiFidelityReport.render(noRandom);
        assertTrue(text.contains("No table paired with random search: Random is not among the contenders"), text);
        assertTrue(MultiFidelityReport.render(of("Random")).contains("Random is the only contender"));
    }

    @Test
    void aSetSizeThatDoesNotDivideTheSeedsIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> MultiFidelityReport.render(outcomes(), 4));
        assertTrue(e.getMessage().contains("--set-size 4"), e.getMessage());
    }
}
