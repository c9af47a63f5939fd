package dev.tunerd.simulator.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.simulator.manager.RunResult;
import dev.tunerd.simulator.manager.TrialRecord;
import dev.tunerd.simulator.manager.TrialStatus;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonObject;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportsTest {

    @TempDir
    Path dir;

    private static TrialRecord trial(int i, double value, int epochs, TrialStatus status) {
        return new TrialRecord(i, JsonInt.of(i), "trial" + i, Json.parse("{\"x\": " + i + "}"), value, value, epochs,
            status, 1_000_000L * (i + 1));
    }

    private static RunResult result() {
        return new RunResult("curves", 0.5, 20, List.of(trial(0, 2.0, 20, TrialStatus.SUCCEEDED),
            trial(1, 3.0, 4, TrialStatus.EARLY_STOPPED), trial(2, 1.0, 20, TrialStatus.SUCCEEDED)),
            2_000_000_000L, 0, false, 51200);
    }

    @Test
    void htmlReportIsSelfContainedWithSvgCharts() throws Exception {
        Path html = dir.resolve("report.html");
        HtmlReport.write(html, result(), "TPE", "Medianstop");
        String text = Files.readString(html, StandardCharsets.UTF_8);
        assertTrue(text.startsWith("<!DOCTYPE html>"));
        assertEquals(2, text.split("<svg", -1).length - 1, "regret chart and epochs chart");
        assertFalse(text.contains("<script"), "no scripts");
        assertFalse(text.contains("src=") || text.contains("href="), "no external resources");
        assertTrue(text.contains("Epochs used per trial (1 stopped early)"));
    }

    @Test
    void summaryShowsRegretLatencyAndEpochs() {
        String s = SummaryTable.render(result(), "TPE", "Medianstop");
        assertTrue(s.contains("best value                 1\n") || s.contains("best value                 1\r\n"), s);
        assertTrue(s.contains("regret                     0.5"), s);
        assertTrue(s.contains("2.000 ms (GE to TR)"), s);
        assertTrue(s.contains("44 of 60 (73.3%)"), s);
        assertTrue(s.contains("best configuration killed  no"), s);
    }

    @Test
    void trialsJsonlHasOneLinePerTrial() throws Exception {
        Path file = dir.resolve("trials.jsonl");
        TrialsJsonl.write(file, result());
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        assertEquals(3, lines.size());
        JsonObject second = Json.parseObject(lines.get(1), "line");
        assertEquals(JsonInt.of(1), second.get("id"));
        assertEquals("EARLY_STOPPED", ((dev.tunerd.spi.json.JsonString) second.get("status")).value());
        assertEquals(JsonInt.of(4), second.get("epochs"));
        assertEquals(2.0, second.get("latency_ms").asDouble());
    }

    @Test
    void progressIsPlainLinesOffATerminalAndABarOnOne() {
        StringWriter plain = new StringWriter();
        ProgressReporter off = new ProgressReporter(new PrintWriter(plain), false);
        off.trialEnded(trial(0, 2, 1, TrialStatus.SUCCEEDED), 1, 10, 2.0, 0);
        off.trialEnded(trial(1, 2, 1, TrialStatus.SUCCEEDED), 2, 10, 2.0, 1_000_000);
        assertEquals("tunerd simulate: 1/10 trials, best 2, 0.0 s" + System.lineSeparator(), plain.toString());
        StringWriter tty = new StringWriter();
        ProgressReporter on = new ProgressReporter(new PrintWriter(tty), true);
        on.trialEnded(trial(0, 2, 1, TrialStatus.SUCCEEDED), 5, 10, 0.25, 3_000_000_000L);
        assertTrue(tty.toString().startsWith("\r[###############...............] 5/10 trials, best 0.25, 3.0 s"),
            tty.toString());
    }
}
