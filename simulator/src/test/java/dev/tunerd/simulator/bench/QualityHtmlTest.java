package dev.tunerd.simulator.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class QualityHtmlTest {

    private static int count(String text, String part) {
        return text.split(Pattern.quote(part), -1).length - 1;
    }

    /** Best-so-far series that fall as 1/(trial * (seed + 1) * speed), above the optimum. */
    private static List<double[]> runs(double optimum, int seeds, int trials, double speed) {
        List<double[]> out = new ArrayList<>();
        for (int s = 0; s < seeds; s++) {
            double[] b = new double[trials];
            for (int i = 0; i < trials; i++) {
                b[i] = optimum + 1.0 / ((i + 1) * (s + 1) * speed);
            }
            out.add(b);
        }
        return out;
    }

    private static QualityBench.Outcome outcome(int trials) {
        Map<String, Map<String, List<double[]>>> series = new LinkedHashMap<>();
        for (String tuner : List.of("Random", "TPE")) {
            Map<String, List<double[]>> byProblem = new LinkedHashMap<>();
            byProblem.put("branin", runs(0.397887, 5, trials, tuner.equals("TPE") ? 10 : 1));
            byProblem.put("camel6", runs(-1.0316, 5, trials, tuner.equals("TPE") ? 10 : 1));
            series.put(tuner, byProblem);
        }
        return new QualityBench.Outcome(series, Map.of("<b>Evil</b>", "boom <i>"), Map.of("branin", 0.397887,
            "camel6", -1.0316), 5);
    }

    @Test
    void oneChartPerProblemWithABandAndAMedianPerTunerAndTheReferenceMarks() {
        String html = QualityHtml.render(outcome(200), List.of("branin", "camel6"), 200, 5);
        assertEquals(1, count(html, "data-chart='regret-branin'"));
        assertEquals(1, count(html, "data-chart='regret-camel6'"));
        assertEquals(4, count(html, "class='band'"));
        assertEquals(4, count(html, "class='median'"));
        int refs = ReferenceFigures.MEDIAN_REGRET_100.size() + ReferenceFigures.MEDIAN_REGRET_200.size();
        assertEquals(2 * refs, count(html, "class='ref' d="), "every reference median at 100 and 200 trials");
        assertTrue(html.contains("<table id='scores'>"));
        assertTrue(html.contains("<td>ref: Optuna 5.0 TPE</td><td class='num'>66</td>"), "reference scores beside ours");
        assertTrue(html.contains("<td>tunerd TPE</td>"));
        assertTrue(html.contains("&lt;b&gt;Evil&lt;/b&gt; failed and is left out: boom &lt;i&gt;"));
        assertFalse(html.contains("<b>Evil"));
    }

    @Test
    void quartilesAreTakenOverSeedsAtEveryTrial() {
        double[][] q = QualityHtml.quartiles(runs(0, 4, 3, 1), 0, 3);
        // trial 1: regrets 1, 1/2, 1/3, 1/4 -> sorted .25 .333 .5 1
        assertEquals(0.25 + 0.75 * (1.0 / 3 - 0.25), q[0][0], 1e-12);
        assertEquals((1.0 / 3 + 0.5) / 2, q[1][0], 1e-12);
        assertEquals(0.5 + 0.25 * 0.5, q[2][0], 1e-12);
        assertArrayEquals(new double[] {1.75, 2.5, 3.25}, new double[] {RegretStats.quantile(new double[] {1, 2, 3, 4},
            0.25), RegretStats.quantile(new double[] {1, 2, 3, 4}, 0.5), RegretStats.quantile(new double[] {1, 2, 3, 4},
            0.75)}, 1e-12);
    }
}
