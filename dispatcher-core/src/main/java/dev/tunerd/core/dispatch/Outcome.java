package dev.tunerd.core.dispatch;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * How the daemon ends: the first thread to decide (the reader on TE, EOF or a bad frame; a worker on a failure)
 * completes it, later attempts are ignored. Thread-safe.
 */
final class Outcome {

    /** The end: exit code and a reason for the log. */
    record End(ExitCode code, String reason) {
    }

    private final CompletableFuture<End> end = new CompletableFuture<>();

    /** Completes the outcome unless it already was; returns true when this call decided it. */
    boolean complete(ExitCode code, String reason) {
        return end.complete(new End(code, reason));
    }

    boolean isDone() {
        return end.isDone();
    }

    /** Blocks until some thread decided the end. */
    End await() throws InterruptedException {
        try {
            return end.get();
        } catch (ExecutionException e) {
            throw new IllegalStateException("the outcome is never completed exceptionally", e);
        }
    }
}
