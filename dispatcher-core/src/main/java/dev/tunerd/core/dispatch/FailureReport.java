package dev.tunerd.core.dispatch;

import dev.tunerd.protocol.FrameException;
import dev.tunerd.protocol.command.CommandException;
import dev.tunerd.protocol.command.InboundCommand;
import dev.tunerd.spi.InvalidSearchSpaceException;
import dev.tunerd.spi.text.SafeText;
import java.util.ArrayList;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * Turns a failure into the exit code and the {@code ER} text: a one-line summary (command, trial, message) followed
 * by the stack trace. Immutable.
 *
 * <p>Bounded, whatever the input: the summary lists at most {@value #LISTED_PROBLEMS} search-space problems of
 * {@value #PROBLEM_CHARS} characters each ({@code "... and N more"}), quotes outside values through {@link SafeText},
 * and is cut after {@value #SUMMARY_CHARS} characters; the stack trace keeps at most {@value #TRACE_LINES} lines of
 * {@value #TRACE_LINE_CHARS} characters; the whole {@code ER} text is at most {@value #MAX_TEXT_CHARS} characters (at
 * most 3 bytes each in UTF-8, so it fits even a 6-digit frame). {@link #details} has every search-space problem
 * (up to {@value #LOGGED_PROBLEMS}, each capped at 1,000 characters), one log line each, for {@code dispatcher.log}.
 *
 * @param code    the exit code for this kind of failure
 * @param summary the first line
 * @param text    the whole {@code ER} content
 * @param details lines for the log after the summary (every search-space problem); empty for other failures
 */
record FailureReport(ExitCode code, String summary, String text, List<String> details) {

    static final int LOGGED_PROBLEMS = 10_000;

    static final int LISTED_PROBLEMS = 20;
    static final int PROBLEM_CHARS = 300;
    static final int SUMMARY_CHARS = 8_000;
    static final int TRACE_LINES = 60;
    static final int TRACE_LINE_CHARS = 400;
    static final int MAX_TEXT_CHARS = 32_000;

    /** A failure while handling {@code command} (null when it happened outside any command). */
    static FailureReport of(Throwable failure, InboundCommand command) {
        ExitCode code = classify(failure);
        String head = head(command);
        String summary = SafeText.capped(head + message(failure, code, LISTED_PROBLEMS), SUMMARY_CHARS);
        String text = summary + "\n" + stackTrace(failure);
        if (text.length() > MAX_TEXT_CHARS) {
            text = text.substring(0, MAX_TEXT_CHARS) + "\n... (" + (text.length() - MAX_TEXT_CHARS) + " more)";
        }
        return new FailureReport(code, summary, text, failure instanceof InvalidSearchSpaceException invalid
            && invalid.problems().size() > LISTED_PROBLEMS ? details(invalid.problems()) : List.of());
    }

    static ExitCode classify(Throwable failure) {
        if (failure instanceof InvalidSearchSpaceException) {
            return ExitCode.INVALID_SEARCH_SPACE;
        }
        if (failure instanceof CommandException || failure instanceof FrameException) {
            return ExitCode.PROTOCOL;
        }
        if (failure instanceof UncheckedIOException) {
            return ExitCode.CHANNEL_IO;
        }
        return ExitCode.ALGORITHM_FAILURE;
    }

    private static String head(InboundCommand command) {
        StringBuilder sb = new StringBuilder("tunerd: ");
        if (command != null) {
            sb.append(command.type().code()).append(" failed");
            String trial = trialOf(command);
            if (trial != null) {
                sb.append(" (trial ").append(trial).append(')');
            }
            sb.append(": ");
        }
        return sb.toString();
    }

    private static String message(Throwable failure, ExitCode code, int listed) {
        if (failure instanceof InvalidSearchSpaceException invalid) {
            return "invalid search space: " + problems(invalid.problems(), listed);
        }
        String message = (code == ExitCode.PROTOCOL || code == ExitCode.CHANNEL_IO) && failure.getMessage() != null
            ? failure.getMessage() : failure.toString();
        return message.replace('\n', ' ');
    }

    /** Every problem numbered, one line each, up to {@link #LOGGED_PROBLEMS}. */
    private static List<String> details(List<String> problems) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < Math.min(problems.size(), LOGGED_PROBLEMS); i++) {
            out.add("search space problem " + (i + 1) + " of " + problems.size() + ": "
                + SafeText.capped(problems.get(i), 1000));
        }
        if (problems.size() > LOGGED_PROBLEMS) {
            out.add("... and " + (problems.size() - LOGGED_PROBLEMS) + " more search space problems, not logged");
        }
        return out;
    }

    /** The first {@code listed} problems, each capped, then how many were left out. */
    static String problems(List<String> problems, int listed) {
        StringBuilder sb = new StringBuilder();
        int shown = Math.min(listed, problems.size());
        for (int i = 0; i < shown; i++) {
            sb.append(i == 0 ? "" : "; ").append(SafeText.capped(problems.get(i), PROBLEM_CHARS));
        }
        if (shown < problems.size()) {
            sb.append("; ... and ").append(problems.size() - shown).append(" more (").append(problems.size())
                .append(" problems in all; dispatcher.log lists them one per line)");
        }
        return sb.toString();
    }

    private static String trialOf(InboundCommand command) {
        if (command instanceof InboundCommand.ReportMetric me) {
            return me.trialJobId() != null ? SafeText.of(me.trialJobId()) : "parameter id " + me.parameterId();
        }
        if (command instanceof InboundCommand.TrialEnd en) {
            return SafeText.of(en.trialJobId());
        }
        return null;
    }

    /** The stack trace, each line cut after {@link #TRACE_LINE_CHARS}, at most {@link #TRACE_LINES} lines. */
    private static String stackTrace(Throwable failure) {
        StringWriter out = new StringWriter();
        failure.printStackTrace(new PrintWriter(out));
        String[] lines = out.toString().split("\n", TRACE_LINES + 1);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < Math.min(lines.length, TRACE_LINES); i++) {
            String line = lines[i];
            sb.append(line.length() > TRACE_LINE_CHARS
                ? line.substring(0, TRACE_LINE_CHARS) + "... (" + (line.length() - TRACE_LINE_CHARS) + " more)"
                : line).append('\n');
        }
        if (lines.length > TRACE_LINES) {
            sb.append("\t... (stack trace cut after ").append(TRACE_LINES).append(" lines)\n");
        }
        return sb.toString();
    }
}
