package dev.tunerd.core.dispatch;

import dev.tunerd.protocol.FrameException;
import dev.tunerd.protocol.command.CommandException;
import dev.tunerd.protocol.command.InboundCommand;
import dev.tunerd.spi.InvalidSearchSpaceException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;

/**
 * Turns a failure into the exit code and the {@code ER} text: a one-line summary (command, trial, message) followed
 * by the stack trace. Immutable.
 *
 * @param code    the exit code for this kind of failure
 * @param summary the first line
 * @param text    the whole {@code ER} content
 */
record FailureReport(ExitCode code, String summary, String text) {

    /** A failure while handling {@code command} (null when it happened outside any command). */
    static FailureReport of(Throwable failure, InboundCommand command) {
        ExitCode code = classify(failure);
        String summary = summary(failure, command, code);
        return new FailureReport(code, summary, summary + "\n" + stackTrace(failure));
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

    private static String summary(Throwable failure, InboundCommand command, ExitCode code) {
        StringBuilder sb = new StringBuilder("tunerd: ");
        if (command != null) {
            sb.append(command.type().code()).append(" failed");
            String trial = trialOf(command);
            if (trial != null) {
                sb.append(" (trial ").append(trial).append(')');
            }
            sb.append(": ");
        }
        if (failure instanceof InvalidSearchSpaceException invalid) {
            sb.append("invalid search space: ").append(String.join("; ", invalid.problems()));
        } else if (code == ExitCode.PROTOCOL && failure.getMessage() != null) {
            sb.append(failure.getMessage());
        } else {
            sb.append(failure);
        }
        return sb.toString().replace('\n', ' ');
    }

    private static String trialOf(InboundCommand command) {
        if (command instanceof InboundCommand.ReportMetric me) {
            return me.trialJobId() != null ? me.trialJobId() : "parameter id " + me.parameterId();
        }
        if (command instanceof InboundCommand.TrialEnd en) {
            return en.trialJobId();
        }
        return null;
    }

    private static String stackTrace(Throwable failure) {
        StringWriter out = new StringWriter();
        failure.printStackTrace(new PrintWriter(out));
        return out.toString();
    }
}
