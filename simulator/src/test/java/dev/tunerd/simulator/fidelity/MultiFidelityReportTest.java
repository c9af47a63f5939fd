package dev.tunerd.simulator.fidelity;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class MultiFidelityReportTest {

    private static MultiFidelityBench.Cell cell(String contender, long seed, double r25, double r50, double r100) {
        return new MultiFidelityBench.Cell(contender, "curves", 1, seed,
            new BudgetedOutcome(new double[] {r25, r50, r100}, 2000, 2000, 1, 100, 100, 0, 1000));
    }

    @Test
    void tablesShowMeansScoresFromMeansAndMediansThatOneBadSeedCannotMove() {
        List<MultiFidelityBench.Cell> cells = List.of(
            cell("Random", 0, 0.02, 0.01, 0.004), cell("Random", 1, 0.02, 0.01, 0.004),
            cell("Random", 2, 0.02, 0.01, 0.004),
            cell("ASHA", 0, 0.01, 0.002, 0.001), cell("ASHA", 1, 0.01, 0.002, 0.001),
            cell("ASHA", 2, 0.04, 0.05, Double.NaN));
        assertArrayEquals(new double[] {0.01, 0.002, 0.001},
            MultiFidelityReport.medianRegret(cells.subList(3, 6)), 1e-12);
        String table = MultiFidelityReport.render(cells);
        String asha = table.lines().filter(l -> l.startsWith("| ASHA |")).findFirst().orElseThrow();
        // means 0.02 / 0.018 / 0.001 (the NaN run has no incumbent at 100%): scores 0 / -80 / 75
        assertTrue(asha.contains("| 0 / -80 / 75 | 0.0100 / 0.0020 / 0.0010 | 1 |"), asha);
        String csv = MultiFidelityReport.perRunCsv(cells);
        assertEquals(7, csv.lines().count());
        assertTrue(csv.lines().anyMatch(l -> l.equals("ASHA,curves,1,2,0.040000,0.050000,NaN,100,100,0,NaN,NaN")), csv);
        MultiFidelityBench.Cell third = new MultiFidelityBench.Cell("Random", "curves", 1, 9,
            new BudgetedOutcome(new double[] {0.02, 0.01, 0.004, 0.015, 0.006}, 2000, 2000, 1, 100, 100, 0, 1000));
        assertTrue(MultiFidelityReport.perRunCsv(List.of(third)).lines().anyMatch(l -> l.equals(
            "Random,curves,1,9,0.020000,0.010000,0.004000,100,100,0,0.015000,0.006000")),
            "the regrets at a third and at three quarters, last");
    }

    @Test
    void aHashSuffixAddsNumericClassArgsToTheTuner() {
        FidelityContender c = FidelityContender.named("Hyperband@0.6#payoff_margin=0.2;exec_x=-1");
        assertEquals("Hyperband@0.6#payoff_margin=0.2;exec_x=-1", c.label());
        String args = c.tunerChoice(20, 1).toString();
        assertTrue(args.contains("\"rank_agreement\": 0.6") && args.contains("\"payoff_margin\": 0.2")
            && args.contains("\"exec_x\": -1"), args);
        assertThrows(IllegalArgumentException.class, () -> FidelityContender.named("Hyperband#payoff_margin=x"));
        assertThrows(IllegalArgumentException.class, () -> FidelityContender.named("Hyperband#\"a\"=1"));
    }

    @Test
    void aRankAgreementSuffixSetsTheClassArgOfMultiFidelityContendersOnly() {
        assertEquals("ASHA@0.5", FidelityContender.named("ASHA@0.5").label());
        assertTrue(FidelityContender.named("ASHA@0.5").tunerChoice(20, 1).toString().contains("\"rank_agreement\": 0.5"),
            FidelityContender.named("ASHA@0.5").tunerChoice(20, 1).toString());
        assertTrue(FidelityContender.named("TPE+SuccessiveHalving@-1").assessorChoice().toString()
            .contains("\"rank_agreement\": -1.0"));
        assertThrows(IllegalArgumentException.class, () -> FidelityContender.named("Random@0.5"));
        assertThrows(IllegalArgumentException.class, () -> FidelityContender.named("TPE+Medianstop@0.5"));
        assertThrows(IllegalArgumentException.class, () -> FidelityContender.named("ASHA@x"));
    }
}
