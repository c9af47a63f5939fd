package dev.tunerd.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PermutationImportanceTest {

    @Test
    void theParameterThatDecidesTheResultGetsMostOfTheImportance() {
        Experiment e = ReportFixtures.synthetic(300, 1);
        PermutationImportance.Result r = PermutationImportance.of(e, ParameterColumns.of(e.trials()));
        Map<String, Double> share = r.share();
        assertEquals("lr", share.keySet().iterator().next(), share.toString());
        assertTrue(share.get("lr") > 70, share.toString());
        assertTrue(share.get("noise") < 10, share.toString());
        assertTrue(share.get("optimizer") > share.get("noise"), "the branch adds 0.3: " + share);
        assertEquals(100, share.values().stream().mapToDouble(Double::doubleValue).sum(), 1e-6);
        assertTrue(r.oobR2() > 0.8, "the forest predicts unseen trials well: " + r.oobR2());
    }

    @Test
    void aChoiceThatDecidesTheResultIsFoundThroughItsMeanRankEncoding() {
        List<ReportTrial> trials = new java.util.ArrayList<>();
        String[] names = {"a", "b", "c", "d"};
        java.util.SplittableRandom r = new java.util.SplittableRandom(3);
        for (int i = 0; i < 200; i++) {
            int c = r.nextInt(4);
            double x = r.nextDouble();
            trials.add(new ReportTrial(Integer.toString(i), "j", "SUCCEEDED", (c == 2 ? 0 : 5) + r.nextDouble(),
                dev.tunerd.protocol.json.Json.parse("{\"x\": " + x + ", \"kind\": \"" + names[c] + "\"}"), Double.NaN,
                Double.NaN, new double[0]));
        }
        Experiment e = new Experiment("t", "s", true, trials, List.of());
        Map<String, Double> share = PermutationImportance.of(e, ParameterColumns.of(trials)).share();
        assertTrue(share.get("kind") > 80, share.toString());
    }

    @Test
    void tooFewTrialsGiveNoEstimate() {
        Experiment e = ReportFixtures.synthetic(6, 1);
        assertNull(PermutationImportance.of(e, ParameterColumns.of(e.trials())));
    }

    @Test
    void ranksShareTiesAndScaleToOne() {
        assertArrayEquals(new double[] {0.5, 0, 1, 0.5}, PermutationImportance.ranks(new double[] {2, 1, 3, 2}));
    }

    @Test
    void nestedChoicesBecomeABranchColumnAndInnerColumnsAbsentElsewhere() {
        Experiment e = ReportFixtures.synthetic(20, 2);
        ParameterColumns cols = ParameterColumns.of(e.trials());
        assertEquals(List.of("lr", "noise", "optimizer", "optimizer/momentum"),
            cols.columns().stream().map(ParameterColumns.Column::name).toList());
        ParameterColumns.Column branch = cols.columns().get(2);
        ParameterColumns.Column momentum = cols.columns().get(3);
        assertTrue(!branch.numeric() && branch.categories().containsAll(List.of("sgd", "adam")));
        for (int i = 0; i < e.trials().size(); i++) {
            boolean sgd = branch.categories().get((int) branch.values()[i]).equals("sgd");
            assertEquals(sgd, momentum.present(i), "momentum is present exactly in the sgd branch");
        }
    }
}
