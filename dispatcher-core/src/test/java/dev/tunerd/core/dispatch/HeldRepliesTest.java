package dev.tunerd.core.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.core.channel.CommandChannel;
import dev.tunerd.protocol.Command;
import dev.tunerd.protocol.command.InboundCommand;
import dev.tunerd.protocol.command.OutboundCommands;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A worker that holds its replies writes each batch's replies once, in order, and never after an error report. */
class HeldRepliesTest {

    /** Records each write the sink makes: one list per send or sendAll call. */
    private static final class WriteLog implements CommandChannel {
        private final List<List<Command>> writes = new ArrayList<>();

        @Override
        public Command receive() {
            throw new UnsupportedOperationException();
        }

        @Override
        public synchronized void send(Command command) {
            writes.add(List.of(command));
        }

        @Override
        public synchronized void sendAll(List<Command> commands) {
            writes.add(List.copyOf(commands));
        }

        synchronized List<List<Command>> writes() {
            return List.copyOf(writes);
        }

        @Override
        public void close(boolean failed) {
        }
    }

    private static InboundCommand trialEnd(String job) {
        return new InboundCommand.TrialEnd(job, "FAILED", null);
    }

    @Test
    void aThreadThatHoldsWritesOnceOnReleaseWhileOthersWriteAtOnce() throws Exception {
        WriteLog log = new WriteLog();
        ChannelReplySink sink = new ChannelReplySink(log);
        sink.hold();
        sink.send(OutboundCommands.killTrialJob("a"));
        sink.sendAll(List.of(OutboundCommands.killTrialJob("b"), OutboundCommands.killTrialJob("c")));
        CompletableFuture.runAsync(() -> sink.send(OutboundCommands.killTrialJob("other"))).get(5, TimeUnit.SECONDS);
        assertEquals(List.of(List.of(OutboundCommands.killTrialJob("other"))), log.writes());
        sink.release();
        assertEquals(List.of(OutboundCommands.killTrialJob("a"), OutboundCommands.killTrialJob("b"),
            OutboundCommands.killTrialJob("c")), log.writes().get(1));
        sink.send(OutboundCommands.killTrialJob("d")); // released: straight out
        assertEquals(3, log.writes().size());
        sink.release(); // nothing held: nothing written
        assertEquals(3, log.writes().size());
    }

    @Test
    void aWorkerWritesTheRepliesOfOneBatchTogether() throws Exception {
        WriteLog log = new WriteLog();
        ChannelReplySink sink = new ChannelReplySink(log);
        CountDownLatch handled = new CountDownLatch(3);
        Worker worker = new Worker("test-assessor", "assessor", 16, c -> {
            sink.send(OutboundCommands.killTrialJob(((InboundCommand.TrialEnd) c).trialJobId()));
            handled.countDown();
        }, (c, e) -> { }, sink);
        for (String job : List.of("a", "b", "c")) {
            worker.enqueue(trialEnd(job));
        }
        worker.publish(); // one batch, taken at once
        worker.start();
        assertTrue(handled.await(5, TimeUnit.SECONDS));
        worker.stop();
        assertTrue(worker.join(5000));
        assertEquals(List.of(List.of(OutboundCommands.killTrialJob("a"), OutboundCommands.killTrialJob("b"),
            OutboundCommands.killTrialJob("c"))), log.writes());
    }

    /**
     * A barrier (the daemon's {@code --echo-ping}, and a failure's wait for earlier commands) is reached only once the
     * replies to the commands before it are written, not at the end of a batch that goes on behind it.
     */
    @Test
    void aBarrierIsReachedOnceTheRepliesBeforeItAreWritten() throws Exception {
        WriteLog log = new WriteLog();
        ChannelReplySink sink = new ChannelReplySink(log);
        CountDownLatch gate = new CountDownLatch(1);
        Worker worker = new Worker("test-assessor", "assessor", 16, c -> {
            String job = ((InboundCommand.TrialEnd) c).trialJobId();
            if (job.equals("slow")) {
                try {
                    gate.await(5, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            sink.send(OutboundCommands.killTrialJob(job));
        }, (c, e) -> { }, sink);
        worker.enqueue(trialEnd("a"));
        CountDownLatch reached = worker.publishWithBarrier();
        worker.enqueue(trialEnd("slow"));
        worker.publish(); // a, the barrier and slow: one batch, taken at once
        worker.start();
        try {
            assertTrue(reached.await(5, TimeUnit.SECONDS));
            assertEquals(List.of(List.of(OutboundCommands.killTrialJob("a"))), log.writes());
        } finally {
            gate.countDown();
        }
        worker.stop();
        assertTrue(worker.join(5000));
    }

    @Test
    void repliesHeldBeforeAFailureGoOutBeforeItsErrorReport() throws Exception {
        WriteLog log = new WriteLog();
        ChannelReplySink sink = new ChannelReplySink(log);
        CompletableFuture<List<List<Command>>> atFailure = new CompletableFuture<>();
        Worker worker = new Worker("test-assessor", "assessor", 16, c -> {
            String job = ((InboundCommand.TrialEnd) c).trialJobId();
            if (job.equals("bad")) {
                throw new IllegalStateException("assessor broke");
            }
            sink.send(OutboundCommands.killTrialJob(job));
        }, (c, e) -> {
            atFailure.complete(log.writes());
            sink.send(OutboundCommands.error(e.getMessage()));
        }, sink);
        for (String job : List.of("a", "bad", "never")) {
            worker.enqueue(trialEnd(job));
        }
        worker.publish();
        worker.start();
        assertEquals(List.of(List.of(OutboundCommands.killTrialJob("a"))), atFailure.get(5, TimeUnit.SECONDS));
        assertTrue(worker.join(5000));
        assertEquals(List.of(List.of(OutboundCommands.killTrialJob("a")),
            List.of(OutboundCommands.error("assessor broke"))), log.writes());
    }

    @Test
    void aChannelThatFailsOnReleaseEndsTheWorkerWithThatFailure() throws Exception {
        CommandChannel broken = new CommandChannel() {
            @Override
            public Command receive() {
                throw new UnsupportedOperationException();
            }

            @Override
            public void send(Command command) throws IOException {
                throw new IOException("pipe closed");
            }

            @Override
            public void close(boolean failed) {
            }
        };
        ChannelReplySink sink = new ChannelReplySink(broken);
        CompletableFuture<Throwable> failure = new CompletableFuture<>();
        Worker worker = new Worker("test-assessor", "assessor", 16,
            c -> sink.send(OutboundCommands.killTrialJob("a")), (c, e) -> failure.complete(e), sink);
        worker.enqueue(trialEnd("a"));
        worker.publish();
        worker.start();
        assertTrue(failure.get(5, TimeUnit.SECONDS).getMessage().contains("pipe closed"));
        assertTrue(worker.join(5000));
    }
}
