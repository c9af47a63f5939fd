package dev.tunerd.simulator.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.function.Predicate;

/**
 * The HTML pieces every tunerd report shares: escaping of text that came from outside (trial ids, parameter names
 * and values, problem and tuner names), JSON made safe to embed in a {@code <script>} element, and the page shell with
 * its script-error marker. Stateless and thread-safe.
 *
 * <p>The error marker: the first script of every page installs a {@code window.onerror} handler that appends
 * {@code <div id="script-error">} with the message to the body, so that a page that failed to draw says so, in the
 * page for a reader and in the DOM for the browser test. A page whose own script finished appends
 * {@code <div id="report-ready">}, whose {@code data-ms} is the time from the start of navigation to that moment.
 */
public final class Html {

    /** Longest text from outside shown in one place; longer text is cut and ends in an ellipsis. */
    public static final int MAX_TEXT = 200;

    private static final String ERROR_MARKER = "<script>window.onerror=function(m,s,l){var d=document.createElement("
        + "'div');d.id='script-error';d.className='error';d.textContent='script error: '+m+' (line '+l+')';"
        + "(document.body||document.documentElement).appendChild(d);};</script>";

    private static final String BASE_CSS = "body{font-family:sans-serif;margin:1.5em;max-width:1100px;color:#222}"
        + "h1{font-size:1.5em}h2{font-size:1.2em;margin-top:1.6em}.note{color:#555;font-size:.9em}"
        + ".error{background:#fdd;border:1px solid #c00;padding:.5em;margin:1em 0}"
        + "table{border-collapse:collapse;font-size:.85em}th,td{border:1px solid #ccc;padding:2px 6px;text-align:left}"
        + "th{background:#f0f0f0}td.num{text-align:right;font-variant-numeric:tabular-nums}"
        + "svg{max-width:100%;height:auto;display:block;margin:.5em 0}";

    private Html() {
    }

    /** Escapes text for an HTML element or a quoted attribute (both quote kinds). */
    public static String escape(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> sb.append("&amp;");
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '\'' -> sb.append("&#39;");
                case '"' -> sb.append("&quot;");
                default -> sb.append(c < 0x20 && c != '\n' && c != '\t' ? ' ' : c);
            }
        }
        return sb.toString();
    }

    /** {@link #escape} of {@code s} cut to {@link #MAX_TEXT} characters. */
    public static String text(String s) {
        return escape(cap(s, MAX_TEXT));
    }

    /** {@code s} cut to {@code max} characters (an ellipsis marks the cut). */
    public static String cap(String s, int max) {
        return s.length() <= max ? s : s.substring(0, Math.max(0, max - 1)) + "\u2026";
    }

    /**
     * JSON text (as {@code Json.write} makes it: ASCII only) made safe inside {@code <script type="application/json">}:
     * {@code <}, {@code >} and {@code &} can only occur inside JSON strings, where their {@code \\u} escapes mean the
     * same, so no {@code </script>} or {@code <!--} can end or change the element.
     */
    public static String scriptJson(String json) {
        return json.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026");
    }

    /** The start of a page up to and including {@code <body>}: charset, title, styles, the error marker. */
    public static StringBuilder open(String title, String extraCss) {
        return new StringBuilder(1 << 16).append("<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'>")
            .append("<meta name='viewport' content='width=device-width'>")
            .append("<title>").append(text(title)).append("</title><style>").append(BASE_CSS).append(extraCss)
            .append("</style>").append(ERROR_MARKER).append("</head><body>\n");
    }

    /** Ends a page; {@code script} (may be empty) runs last and should end by calling {@code tunerdReady()}. */
    public static String close(StringBuilder page, String script) {
        page.append("<script>function tunerdReady(){var d=document.createElement('div');d.id='report-ready';"
            + "d.hidden=true;d.setAttribute('data-ms',String(Math.round(performance.now())));"
            + "document.body.appendChild(d);}\n");
        page.append(script.isEmpty() ? "tunerdReady();" : script);
        return page.append("</script>\n</body></html>\n").toString();
    }

    /**
     * A table: the head as {@code <th>}, the first column as text, the others right-aligned ({@code class="num"});
     * every cell escaped and capped ({@link #text}); rows that {@code muted} accepts carry {@code class="ref"}.
     */
    public static void table(StringBuilder page, String id, List<String> head, List<List<String>> rows,
                             Predicate<List<String>> muted) {
        page.append("<table id='").append(escape(id)).append("'><tr>");
        head.forEach(h -> page.append("<th>").append(text(h)).append("</th>"));
        page.append("</tr>");
        for (List<String> row : rows) {
            page.append(muted.test(row) ? "<tr class='ref'>" : "<tr>");
            for (int i = 0; i < row.size(); i++) {
                page.append(i == 0 ? "<td>" : "<td class='num'>").append(text(row.get(i))).append("</td>");
            }
            page.append("</tr>");
        }
        page.append("</table>\n");
    }

    /**
     * Writes {@code page} to {@code file} so that a reader never sees half a page: into a temporary file in the same
     * directory (readable by all, as a page to be opened or served), then moved over {@code file} atomically where the
     * file system can (else replaced). The temporary file is removed when anything fails.
     */
    public static void writeAtomically(Path file, String page) throws IOException {
        Path target = file.toAbsolutePath();
        String name = target.getFileName().toString();
        Path tmp = Files.createTempFile(target.getParent(), "." + name.substring(0, Math.min(60, name.length())) + "-",
            ".tmp");
        try {
            Files.writeString(tmp, page, StandardCharsets.UTF_8);
            try {
                Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rw-r--r--"));
            } catch (UnsupportedOperationException notPosix) {
                // the file system's default permissions stand
            }
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
