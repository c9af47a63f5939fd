package dev.tunerd.simulator.fidelity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MultiFidelityHtmlTest {

    /** A contender label that is markup, and longer than a page shows. */
    private static final String EVIL = "<script>alert(1)</script>" + "x".repeat(300);
    /** EVIL as the page shows it: escaped, cut to 199 characters and an ellipsis. */
    private static final String SHOWN = "&lt;script&gt;alert(1)&lt;/script&gt;" + "x".repeat(174) + "\u2026";

    private static final MultiFidelityHtml.Settings SETTINGS = new MultiFidelityHtml.Settings(List.of("Random", EVIL),
        List.of("curves"), List.of(1), 4, 22400, 0, 100, "tunerd 9.9", "2026-11-28 03:00 UTC");

    /** regretAt in the bench's order: 25 %, 50 %, 100 %, a third, 75 %. */
    private static MultiFidelityBench.Cell cell(String contender, long seed, double r25, double r50, double r100,
                                                double r33, double r75) {
        return new MultiFidelityBench.Cell(contender, "curves", 1, seed,
            new BudgetedOutcome(new double[] {r25, r50, r100, r33, r75}, 2000, 2000, 1, 100, 100, 0, 1000));
    }

    /**
     * Random: 0.5 everywhere but at 100 %, where the seeds give 0.05, 0.05, 0.15, 0.15 (mean 0.1, quartiles 0.05 and
     * 0.15). The evil contender: no incumbent at 25 % on any seed, 0.3 at a third to 75 %, 0.02 at 100 %. All values
     * lie in [0.02, 0.5], so the log axis spans 0.01 to 1 and 0.1 sits half way up.
     */
    private static List<MultiFidelityBench.Cell> cells() {
        List<MultiFidelityBench.Cell> cells = new ArrayList<>();
        double[] finals = {0.05, 0.15, 0.05, 0.15};
        for (int s = 0; s < 4; s++) {
            cells.add(cell("Random", 22400 + s, 0.5, 0.5, finals[s], 0.5, 0.5));
        }
        for (int s = 0; s < 4; s++) {
            cells.add(cell(EVIL, 22400 + s, Double.NaN, 0.3, 0.02, 0.3, 0.3));
        }
        return cells;
    }

    private static int count(String text, String part) {
        return text.split(Pattern.quote(part), -1).length - 1;
    }

    /** The {@code cx,cy} of every dot whose tooltip starts with {@code who}, in page order. */
    private static List<String> dots(String page, String who) {
        Matcher m = Pattern.compile("<circle class='point' cx='([\\d.]+)' cy='([\\d.]+)' r='3' fill='[^']+'><title>"
            + Pattern.quote(who) + " at ").matcher(page);
        List<String> out = new ArrayList<>();
        while (m.find()) {
            out.add(m.group(1) + "," + m.group(2));
        }
        return out;
    }

    @Test
    void oneSeriesPerContenderWithItsPointsWhereTheCheckpointsAndMeansAre() {
        String page = MultiFidelityHtml.render(cells(), SETTINGS);
        assertEquals(1, count(page, "data-chart='mf-curves-1'"), "one chart for the one problem and worker count");
        assertEquals(2, count(page, "<path class='mean'"), "a line per contender");
        assertEquals(1, count(page, "stroke-dasharray='8 4'"), "the second dashed, so that it cannot hide the first");
        assertEquals(2, count(page, "<path class='band'"), "a quartile band per contender");
        assertTrue(page.contains("mean true regret (log scale)"), "a log axis for positive regrets");
        // x on 20..100 %: 76 + 668 * (share - 20) / 80; y on the log axis 0.01..1: 296 - 262 * (log10(v) + 2) / 2
        assertEquals(List.of("117.8,73.4", "187.3,73.4", "326.5,73.4", "535.3,73.4", "744.0,165.0"),
            dots(page, "Random"), "25 %, a third, 50 %, 75 %, 100 %; 0.5 near the top, the mean 0.1 half way");
        List<String> evil = dots(page, SHOWN);
        assertEquals(List.of("187.3,102.5", "326.5,102.5", "535.3,102.5", "744.0,256.6"), evil,
            "no dot at 25 %, where no seed had an incumbent; 0.02 at 100 %");
        assertTrue(page.contains("<title>Random at 100 % of the budget: mean 0.1, quartiles 0.05 to 0.15 (4 of 4 seeds)"
            + "</title>"), "the tooltip gives the figures");
        assertTrue(page.contains("<path class='band' d='M117.8 73.4L187.3 73.4L326.5 73.4L535.3 73.4L744.0 141.9L744.0"
            + " 204.4L535.3 73.4L326.5 73.4L187.3 73.4L117.8 73.4Z'"),
            "the band runs along the third quartile (0.15 at 100 %) and back along the first (0.05): " + page);
    }

    @Test
    void namesFromOutsideAreEscapedAndCappedEverywhere() {
        String page = MultiFidelityHtml.render(cells(), SETTINGS);
        assertFalse(page.contains("<script>alert"), "the contender's markup never appears raw");
        assertFalse(page.contains("x".repeat(201)), "names are cut to 200 characters");
        assertEquals(4, count(page, ">" + SHOWN + "<"),
            "the legend, the line's tooltip and both tables show it as text");
        assertTrue(page.contains("<dd>Random, &lt;script&gt;alert(1)&lt;/script&gt;xxx"), "and the settings");
        assertEquals(2, count(page, "<script>"), "the page's own two scripts only");
        assertEquals(1, count(page, "<script>function tunerdReady()"));
    }

    @Test
    void theTablesHoldTheMarkdownReportsCellsAndTheHeaderTheSettings() {
        String page = MultiFidelityHtml.render(cells(), SETTINGS);
        String table = page.substring(page.indexOf("<table id='table-curves-1'>"));
        table = table.substring(0, table.indexOf("</table>"));
        assertEquals(3, count(table, "<tr>"), "head and one row per contender");
        assertTrue(table.contains("<tr><td>Random</td><td class='num'>0.5000 ± 0.0000</td><td class='num'>0.5000 ± "
            + "0.0000</td><td class='num'>0.1000 ± 0.0577</td><td class='num'>0 / 0 / 0</td>"), table);
        String markdown = MultiFidelityReport.render(cells());
        assertTrue(markdown.contains("| Random | 0.5000 ± 0.0000 | 0.5000 ± 0.0000 | 0.1000 ± 0.0577 | 0 / 0 / 0 |"),
            "the same cells as the Markdown table: " + markdown);
        String paired = page.substring(page.indexOf("<table id='paired-curves-1'>"));
        paired = paired.substring(0, paired.indexOf("</table>"));
        assertEquals(2, count(paired, "<tr>"), "head and one row: the contender other than Random");
        // 0.02 against 0.05, 0.15, 0.05, 0.15: better on every seed, mean difference -0.08 (-80 % of 0.1)
        assertTrue(paired.contains("<td class='num'>-0.08000 (-0.13000..-0.03000)</td><td class='num'>-80.0 %</td>"
            + "<td class='num'>0 / 4 / 0</td><td class='num'>1 of 1</td>"), paired);
        assertTrue(page.contains("Paired with random search (per seed, contender minus Random&#39;s regret at 100 %;"
            + " Random&#39;s mean regret at 100 %: 0.10000 over 4 seeds;"), page);
        assertTrue(page.contains("<dt>seeds</dt><dd>4 (22400 to 22403)</dd><dt>seeds per set</dt><dd>all (4)</dd>"
            + "<dt>first seed</dt><dd>22400</dd><dt>budget</dt><dd>100 full trainings per run</dd><dt>version</dt>"
            + "<dd>tunerd 9.9</dd><dt>written</dt><dd>2026-11-28 03:00 UTC</dd>"), page);
    }

    @Test
    void withoutRandomThePageSaysWhyThereIsNoPairedTable() {
        List<MultiFidelityBench.Cell> noRandom = cells().subList(4, 8);
        String page = MultiFidelityHtml.render(noRandom, SETTINGS);
        assertFalse(page.contains("<table id='paired-"), page);
        assertTrue(page.contains("No table paired with random search: Random is not among the contenders"), page);
        assertEquals(1, count(page, "<path class='mean'"));
    }

    @Test
    void theFileIsWrittenWhole(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("mf.html");
        Files.writeString(file, "an older page");
        MultiFidelityHtml.write(file, cells(), SETTINGS);
        assertEquals(MultiFidelityHtml.render(cells(), SETTINGS), Files.readString(file, StandardCharsets.UTF_8),
            "the new page replaced the old one");
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(List.of(file), left.toList(), "no temporary file left beside it");
        }
    }
}
