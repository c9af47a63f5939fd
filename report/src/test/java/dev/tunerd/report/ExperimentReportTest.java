package dev.tunerd.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class ExperimentReportTest {

    private static int count(String text, String part) {
        return text.split(Pattern.quote(part), -1).length - 1;
    }

    @Test
    void drawsEveryChartWhenTheSourceHasTimesAndIntermediateResults() {
        String html = ExperimentReport.render(ReportFixtures.synthetic(120, 5));
        for (String chart : List.of("best-by-trial", "best-by-time", "parallel", "importance", "intermediate")) {
            assertEquals(1, count(html, "data-chart='" + chart + "'"), chart);
        }
        assertEquals(24, count(html, "class='stop'"), "one cross per stopped trial");
        assertTrue(html.contains("<table id='trials'>") && html.contains("id='trial-data'"));
    }

    @Test
    void isSelfContained() {
        String html = ExperimentReport.render(ReportFixtures.synthetic(50, 5));
        assertFalse(html.contains("src="), "no external script or image");
        assertFalse(html.contains("<link"), "no stylesheet link");
        assertFalse(html.contains("href="), "no link");
        Matcher m = Pattern.compile("https?://[^'\" ]+").matcher(html);
        while (m.find()) {
            assertEquals("http://www.w3.org/2000/svg", m.group(), "only the SVG namespace");
        }
    }

    @Test
    void whatCameFromTheManagerIsTextNeverMarkup() {
        String evil = "<script>alert(1)</script>";
        String evilName = "<img src=x onerror=alert(2)>";
        List<ReportTrial> trials = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            trials.add(new ReportTrial(i == 3 ? evil : Integer.toString(i), i == 4 ? "</script><b>job" : "job" + i,
                "SUCCEEDED", i, Json.parse("{" + Json.write(dev.tunerd.spi.json.JsonString.of(evilName)) + ": " + i
                    + ", \"choice\": " + Json.write(dev.tunerd.spi.json.JsonString.of(i % 2 == 0 ? evil : "'\"&"))
                    + "}"), i, i + 1, new double[] {i, i}));
        }
        String html = ExperimentReport.render(new Experiment(evil, evil, true, trials, List.of(evil)));
        assertFalse(html.contains("<script>alert"), "the trial id never appears as a script element");
        assertFalse(html.contains("<img"), "the parameter name never appears as an element");
        assertFalse(html.contains("</script><b>"), "the job id cannot close the data element");
        assertTrue(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "shown as text in the SVG titles");
        assertTrue(html.contains("\\u003cscript\\u003ealert(1)\\u003c/script\\u003e"), "kept as data for the table");
        assertEquals(3, count(html, "<script"), "the error marker, the table data, the page script, no other");
    }

    @Test
    void anExperimentWithoutResultsStillRendersAndSaysSo() {
        List<ReportTrial> trials = List.of(new ReportTrial("0", "-", "ISSUED", Double.NaN, null, Double.NaN,
            Double.NaN, new double[0]), new ReportTrial("1", "T1", "FAILED", Double.NaN, Json.parse("{\"x\": 1}"),
            Double.NaN, Double.NaN, new double[0]));
        String html = ExperimentReport.render(new Experiment("empty", "s", false, trials, List.of()));
        assertTrue(html.contains("data-chart='best-by-trial'"));
        assertTrue(html.contains("Too few trials with a result"));
        assertTrue(html.contains("<td>best result</td><td>none</td>"));
        assertTrue(html.contains("<td>failed</td><td>1</td>"));
        assertTrue(ExperimentReport.render(new Experiment("nothing", "s", true, List.of(), List.of()))
            .contains("<td>trials</td><td>0</td>"));
    }

    @Test
    void maximisingExperimentsTakeTheLargestResultAsBest() {
        List<ReportTrial> trials = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            trials.add(new ReportTrial(Integer.toString(i), "T" + i, "SUCCEEDED", i == 4 ? 0.97 : 0.5 + i * 0.01,
                Json.parse("{\"x\": " + i + "}"), Double.NaN, Double.NaN, new double[0]));
        }
        String html = ExperimentReport.render(new Experiment("max", "s", false, trials, List.of()));
        assertTrue(html.contains("0.97 (trial 4, T4)"), "best under maximize");
        assertTrue(html.contains("higher is better"));
    }

    @Test
    void largeExperimentsAreDownsampledAndStaySmall() {
        long start = System.nanoTime();
        String html = ExperimentReport.render(ReportFixtures.synthetic(100_000, 9));
        double seconds = (System.nanoTime() - start) / 1e9;
        assertTrue(count(html, "<circle") <= 2 * 3000, "thinned dots: " + count(html, "<circle"));
        assertTrue(count(html, "<title>trial") <= ParallelCoordinates.MAX_LINES + IntermediateChart.MAX_TRIALS,
            "thinned lines");
        assertTrue(html.contains("1500 of 100000 trials drawn"));
        assertTrue(html.length() < 40_000_000, "size " + html.length());
        assertTrue(seconds < 60, "rendered in " + seconds + " s");
    }

    /**
     * A trial that reported 3,000,000 intermediate results made a 39 MB page in 77 s (every step a point of its curve);
     * now a curve has at most two points per run of steps, and a stopped trial's cross stays at its last step.
     */
    @Test
    void aCurveOfMillionsOfStepsIsDrawnThroughABoundedNumberOfPoints() {
        List<ReportTrial> trials = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            double[] curve = new double[i == 5 ? 1_000_000 : 4];
            for (int s = 0; s < curve.length; s++) {
                curve[s] = 1.0 / (s + 1) + (s % 1000 == 0 ? 0.5 : 0);
            }
            trials.add(new ReportTrial(Integer.toString(i), "job" + i, i == 5 ? ReportTrial.EARLY_STOPPED : "SUCCEEDED",
                i, Json.parse("{\"x\": " + i + "}"), i, i + 1, curve));
        }
        String chart = IntermediateChart.render(new Experiment("long", "long", true, trials, List.of()));
        Matcher m = Pattern.compile("<path d='([^']*)' stroke='[^']*' stroke-opacity='[^']*'><title>trial 5 ")
            .matcher(chart);
        assertTrue(m.find(), "the long curve is drawn");
        int points = count(m.group(1), "L") + 1;
        assertTrue(points <= 2 * IntermediateChart.MAX_BUCKETS + 1, points + " points in one curve");
        assertTrue(points >= IntermediateChart.MAX_BUCKETS, points + " points: too few to show the curve");
        assertTrue(chart.length() < 200_000, chart.length() + " characters");
        String[] xy = m.group(1).substring(m.group(1).lastIndexOf('L') + 1).trim().split(" ");
        Matcher cross = Pattern.compile("<path class='stop' d='M([0-9.]+) ([0-9.]+)l6 6").matcher(chart);
        assertTrue(cross.find(), "the stopped trial has its cross");
        assertEquals(Double.parseDouble(xy[0]) - 3, Double.parseDouble(cross.group(1)), 0.11, "the cross at the last step");
    }
}
