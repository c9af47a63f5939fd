package dev.tunerd.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Both HTML reports opened in a real browser: headless Chromium (Debian's {@code chromium}; {@code TUNERD_CHROMIUM}
 * names another binary) loads the page offline and dumps the DOM after the page's scripts ran. The test asserts that
 * the charts are in the DOM as SVG with their marks, that the page's own script finished (it appends
 * {@code #report-ready}) and raised no error (the page's {@code window.onerror} would append {@code #script-error}),
 * that the trial table was filled in by the script, and that a trial id and a parameter name written as markup stay
 * text. Screenshots are left in {@code target/browser-it/} for a human to look at. Skipped, saying so, when no
 * Chromium is installed.
 */
@Timeout(240)
class BrowserReportIT {

    private static final Path OUT = Path.of(System.getProperty("tunerd.testClasses", "target/test-classes"))
        .getParent().resolve("browser-it");

    private static Optional<String> chromium = Optional.empty();

    @TempDir
    static Path work;

    @BeforeAll
    static void findChromium() throws Exception {
        List<String> names = new ArrayList<>();
        String configured = System.getenv("TUNERD_CHROMIUM");
        if (configured != null && !configured.isBlank()) {
            names.add(configured);
        }
        names.addAll(List.of("chromium", "chromium-browser", "google-chrome"));
        for (String name : names) {
            if (NniLaunchIT.onPath(name)) {
                chromium = Optional.of(name);
                break;
            }
        }
        if (chromium.isEmpty()) {
            System.err.println("BrowserReportIT: SKIPPED, no Chromium installed (apt-get install chromium, or set "
                + "TUNERD_CHROMIUM)");
        }
        Files.createDirectories(OUT);
    }

    private static void requireChromium() {
        assumeTrue(chromium.isPresent(), "no Chromium installed (apt-get install chromium, or set TUNERD_CHROMIUM): "
            + "the browser test is skipped");
    }

    /** Runs headless Chromium on {@code page} with {@code action} (--dump-dom, --screenshot=...); its stdout. */
    private static String chromium(Path page, String... action) throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory(work, "chromium-profile");
        List<String> cmd = new ArrayList<>(List.of(chromium.orElseThrow(), "--headless", "--no-sandbox",
            "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
            "--user-data-dir=" + profile, "--window-size=1200,2600"));
        cmd.addAll(List.of(action));
        cmd.add(page.toUri().toString());
        File out = Files.createTempFile(work, "chromium-out", ".html").toFile();
        File err = Files.createTempFile(work, "chromium-err", ".txt").toFile();
        Process p = new ProcessBuilder(cmd).redirectOutput(out).redirectError(err)
            .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("chromium did not finish within 120 s: " + Files.readString(err.toPath()));
        }
        assertEquals(0, p.exitValue(), Files.readString(err.toPath()));
        return Files.readString(out.toPath(), StandardCharsets.UTF_8);
    }

    private static int count(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }

    private static void assertDrawnWithoutScriptError(String dom) {
        assertTrue(dom.contains("<div id=\"report-ready\""), "the page's script ran to its end");
        assertFalse(dom.contains("<div id=\"script-error\""), "no script error: " + dom.substring(Math.max(0,
            dom.indexOf("script-error\"") - 100), Math.min(dom.length(), dom.indexOf("script-error\"") + 300 + 1)));
    }

    private static LauncherRun tunerd(List<String> args) throws IOException, InterruptedException {
        LauncherRun r = LauncherRun.launcher(Duration.ofSeconds(150), args);
        assertEquals(0, r.exitCode(), r.describe());
        return r;
    }

    @Test
    void experimentReportIsDrawnInTheBrowser() throws Exception {
        requireChromium();
        Path sim = work.resolve("sim");
        // start_step 5: a dozen or more early stops on any seed (with 10, one run's trajectory decided whether there
        // was any; TPE's univariate start at 20 observations left none on the default seed)
        tunerd(List.of("simulate", "--tuner", "TPE", "--assessor", "Medianstop", "--assessor-args",
            "{\"optimize_mode\": \"minimize\", \"start_step\": 5}", "--problem", "curves", "--trials", "40",
            "--concurrency", "3", "--out", sim.toString()));
        Path page = work.resolve("report.html");
        tunerd(List.of("report", sim.toString(), "--output", page.toString()));
        String dom = chromium(page, "--dump-dom");
        assertDrawnWithoutScriptError(dom);
        for (String chart : List.of("best-by-trial", "best-by-time", "parallel", "importance", "intermediate")) {
            assertEquals(1, count(dom, "<svg[^>]*data-chart=\"" + chart + "\""), chart);
        }
        assertTrue(count(dom, "<circle ") >= 5, "result dots");
        assertEquals(2, count(dom, "<path class=\"best\""), "best-so-far line by trial and by time");
        assertTrue(count(dom, "<rect class=\"bar\"") == 3, "one importance bar per parameter");
        assertTrue(count(dom, "<path class=\"stop\"") >= 1, "early stops marked");
        assertEquals(40, count(dom, "<tr><td class=\"num\">\\d+</td>"), "the script filled the table (40 rows)");
        chromium(page, "--screenshot=" + OUT.resolve("report.png"));
        assertTrue(Files.size(OUT.resolve("report.png")) > 20_000, "a screenshot with something on it");
    }

    @Test
    void markupFromTheManagerStaysTextInTheBrowser() throws Exception {
        requireChromium();
        String pwn = "document.body.setAttribute('data-pwned','1')";
        StringBuilder jsonl = new StringBuilder();
        for (int i = 0; i < 12; i++) {
            String id = i == 3 ? "\"<script>" + pwn + "</script>\"" : Integer.toString(i);
            jsonl.append("{\"id\": ").append(id).append(", \"trial_job_id\": \"</script><b>x</b>").append(i)
                .append("\", \"parameters\": {\"<img src=x onerror=\\\"").append(pwn.replace("'", "\\u0027"))
                .append("\\\">\": ").append(i).append(", \"kind\": \"<svg onload=alert(1)>\"}, \"value\": ")
                .append(1.0 / (i + 1)).append(", \"status\": \"SUCCEEDED\", \"start_s\": ").append(i)
                .append(", \"end_s\": ").append(i + 1).append("}\n");
        }
        Path jsonlFile = work.resolve("evil.jsonl");
        Files.writeString(jsonlFile, jsonl);
        Path page = work.resolve("evil.html");
        tunerd(List.of("report", jsonlFile.toString(), "-o", page.toString()));
        String dom = chromium(page, "--dump-dom");
        assertDrawnWithoutScriptError(dom);
        assertFalse(Pattern.compile("<body[^>]*data-pwned").matcher(dom).find(), "no injected script ran");
        assertFalse(dom.contains("<img") || dom.contains("<b>x</b>") || dom.contains("<svg onload"),
            "no injected element");
        assertTrue(dom.contains("<td>&lt;script&gt;document.body.setAttribute('data-pwned','1')&lt;/script&gt;</td>"),
            "the trial id is shown as text in the table");
    }

    @Test
    void benchQualityPageIsDrawnInTheBrowser() throws Exception {
        requireChromium();
        Path page = work.resolve("bench.html");
        tunerd(List.of("bench", "quality", "--tuners", "TPE", "--problems", "branin,camel6", "--trials", "30",
            "--seeds", "3", "--parallel", "2", "--html", page.toString()));
        String dom = chromium(page, "--dump-dom");
        assertDrawnWithoutScriptError(dom);
        assertEquals(2, count(dom, "<svg[^>]*data-chart=\"regret-"), "one chart per problem");
        assertEquals(4, count(dom, "<path class=\"band\""), "a band per tuner (Random, TPE) and problem");
        assertEquals(4, count(dom, "<path class=\"median\""));
        assertTrue(dom.contains("<table id=\"scores\">") && dom.contains("ref: Optuna 5.0 TPE"));
        chromium(page, "--screenshot=" + OUT.resolve("bench.png"));
        assertTrue(Files.size(OUT.resolve("bench.png")) > 20_000);
    }

    @Test
    void benchMultifidelityPageIsDrawnInTheBrowser() throws Exception {
        requireChromium();
        Path page = work.resolve("multifidelity.html");
        LauncherRun r = tunerd(List.of("bench", "multifidelity", "--algorithms", "Random,Hyperband", "--problems",
            "curves", "--workers", "1", "--seeds", "2", "--parallel", "1", "--html", page.toString()));
        assertEquals("", r.stdout(), "stdout is for protocol frames only");
        String dom = chromium(page, "--dump-dom");
        assertDrawnWithoutScriptError(dom);
        assertEquals(1, count(dom, "<svg[^>]*data-chart=\"mf-curves-1\""), "one chart: one problem, one worker count");
        assertEquals(2, count(dom, "<path class=\"band\""), "a quartile band per contender (Random, Hyperband)");
        assertEquals(2, count(dom, "<path class=\"mean\""), "a mean line per contender");
        assertEquals(10, count(dom, "<circle class=\"point\""), "a dot per contender at 25 %, a third, 50, 75, 100 %");
        assertTrue(dom.contains("<table id=\"table-curves-1\">") && dom.contains("<table id=\"paired-curves-1\">"),
            "the table and the paired table");
        assertEquals(2, count(dom, "<tr><td>Hyperband</td>"), "Hyperband's row in both tables");
        assertTrue(dom.contains("<dt>seeds</dt><dd>2 (0 to 1)</dd>"), "the settings in the header");
        chromium(page, "--screenshot=" + OUT.resolve("multifidelity.png"));
        assertTrue(Files.size(OUT.resolve("multifidelity.png")) > 20_000, "a screenshot with something on it");
    }
}
