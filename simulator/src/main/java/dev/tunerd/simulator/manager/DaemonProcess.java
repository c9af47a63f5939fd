package dev.tunerd.simulator.manager;

import dev.tunerd.protocol.Command;
import dev.tunerd.protocol.FrameDecoder;
import dev.tunerd.protocol.FrameEncoder;
import dev.tunerd.protocol.FrameFormat;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The daemon as a child process, spoken to exactly as NNI's manager does: frames on its stdin, frames back on its
 * stdout. Its stderr goes to a log file (or is discarded). One named reader thread decodes stdout into a bounded
 * queue of {@link Inbound} events, ending with an end-of-stream event; everything else (sending, polling) belongs
 * to the one thread that owns this object. Not thread-safe beyond that split.
 */
public final class DaemonProcess implements AutoCloseable {

    private static final int INBOUND_CAPACITY = 1 << 20;

    private final Process process;
    private final OutputStream stdin;
    private final FrameEncoder encoder = new FrameEncoder(FrameFormat.DEFAULT);
    private final BlockingQueue<Inbound> inbound = new LinkedBlockingQueue<>(INBOUND_CAPACITY);
    private final Path log;
    private final long startNanos;

    private DaemonProcess(Process process, Path log, long startNanos) {
        this.process = process;
        this.stdin = new BufferedOutputStream(process.getOutputStream(), 1 << 16);
        this.log = log;
        this.startNanos = startNanos;
        Thread reader = new Thread(() -> readLoop(process.getInputStream()), "daemon-reader-" + process.pid());
        reader.setDaemon(true);
        reader.start();
    }

    /**
     * Starts {@code commandLine}; its stderr goes to {@code log}, or nowhere when {@code log} is null.
     *
     * @throws IOException when the program cannot be started
     */
    public static DaemonProcess start(List<String> commandLine, Path log) throws IOException {
        return start(commandLine, log, Map.of());
    }

    /**
     * Starts {@code commandLine} with {@code environment} added to (or replacing entries of) this process's
     * environment, e.g. {@code NNI_CHECKPOINT_DIRECTORY}; its stderr goes to {@code log}, or nowhere when null.
     *
     * @throws IOException when the program cannot be started
     */
    public static DaemonProcess start(List<String> commandLine, Path log, Map<String, String> environment)
            throws IOException {
        ProcessBuilder pb = new ProcessBuilder(commandLine);
        pb.environment().putAll(environment);
        pb.redirectError(log == null ? ProcessBuilder.Redirect.DISCARD : ProcessBuilder.Redirect.to(log.toFile()));
        long start = System.nanoTime();
        return new DaemonProcess(pb.start(), log, start);
    }

    /** When the process was started, on the {@link System#nanoTime()} scale. */
    public long startNanos() {
        return startNanos;
    }

    public long pid() {
        return process.pid();
    }

    /** Writes one frame into the stdin buffer; {@link #flush()} pushes it to the pipe. */
    public void write(Command command) throws IOException {
        stdin.write(encoder.encode(command));
    }

    /** Writes frames already encoded into the stdin buffer. */
    public void writeFrames(byte[] frames) throws IOException {
        stdin.write(frames);
    }

    /** Writes one frame and flushes it. */
    public void send(Command command) throws IOException {
        write(command);
        stdin.flush();
    }

    public void flush() throws IOException {
        stdin.flush();
    }

    /** Closes the daemon's stdin: end of input, which the daemon treats like TE. */
    public void closeInput() throws IOException {
        stdin.close();
    }

    /** The next event, waiting at most {@code timeoutNanos}; null when none arrived in time. */
    public Inbound poll(long timeoutNanos) throws InterruptedException {
        return inbound.poll(timeoutNanos, TimeUnit.NANOSECONDS);
    }

    /** The next event if one is already there, else null. */
    public Inbound pollNow() {
        return inbound.poll();
    }

    /** The child's peak resident memory (VmHWM) in KiB, or -1 when the platform does not say. */
    public long peakResidentKib() {
        return ProcStatus.readKib(process.pid(), "VmHWM");
    }

    /** Waits for the exit; returns the exit code, or null when it did not exit within the time. */
    public Integer awaitExit(long timeout, TimeUnit unit) throws InterruptedException {
        return process.waitFor(timeout, unit) ? process.exitValue() : null;
    }

    /** The last {@code maxChars} characters of the daemon's log, for error messages; empty when there is none. */
    public String logTail(int maxChars) {
        if (log == null || !Files.isRegularFile(log)) {
            return "";
        }
        try {
            String text = Files.readString(log, StandardCharsets.UTF_8);
            return text.length() <= maxChars ? text : "..." + text.substring(text.length() - maxChars);
        } catch (IOException e) {
            return "(log " + log + " unreadable: " + e.getMessage() + ")";
        }
    }

    /** Kills the child if it is still running. */
    @Override
    public void close() {
        if (process.isAlive()) {
            process.destroyForcibly();
        }
    }

    private void readLoop(InputStream in) {
        FrameDecoder decoder = new FrameDecoder(FrameFormat.DEFAULT);
        byte[] buffer = new byte[1 << 16];
        Throwable failure = null;
        try {
            int n;
            while ((n = in.read(buffer)) > 0) {
                ByteBuffer bytes = ByteBuffer.wrap(buffer, 0, n);
                Command c;
                while ((c = decoder.decode(bytes)) != null) {
                    inbound.put(new Inbound(c, System.nanoTime(), null));
                }
            }
            if (!decoder.atFrameBoundary()) {
                failure = new IOException("daemon output ended inside a frame (" + decoder.bufferedBytes()
                    + " bytes of a partial frame)");
            }
        } catch (IOException | RuntimeException e) {
            failure = e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        inbound.offer(new Inbound(null, System.nanoTime(), failure));
    }
}
