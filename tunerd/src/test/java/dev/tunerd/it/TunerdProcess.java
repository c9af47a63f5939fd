package dev.tunerd.it;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.tunerd.protocol.Command;
import dev.tunerd.protocol.CommandType;
import dev.tunerd.protocol.FrameDecoder;
import dev.tunerd.protocol.FrameEncoder;
import dev.tunerd.protocol.FrameFormat;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The built tunerd started as a subprocess (through {@code scripts/tunerd}), talked to in frames over its
 * stdin/stdout like NNI's manager does. Every reply frame is decoded by a background thread; a frame that does not
 * decode is kept as a failure. Test harness; not thread-safe apart from the reply queue.
 */
final class TunerdProcess implements AutoCloseable {

    /** Put this key in {@code env} to talk through fd 3/4 as NNI 2.7 and older did. */
    static final String LEGACY_FDS = "it.legacyFds";

    static final Path TEST_CLASSES = Path.of(System.getProperty("tunerd.testClasses", "target/test-classes"));

    private final Process process;
    private final OutputStream stdin;
    private final FrameFormat format;
    private final FrameEncoder encoder;
    private final LinkedBlockingQueue<Object> replies = new LinkedBlockingQueue<>();
    private final Path logDirectory;
    private final Thread readerThread;

    private TunerdProcess(Process process, Path logDirectory, FrameFormat format) {
        this.process = process;
        this.format = format;
        this.encoder = new FrameEncoder(format);
        this.stdin = process.getOutputStream();
        this.logDirectory = logDirectory;
        this.readerThread = new Thread(() -> readReplies(process.getInputStream()), "it-reply-reader");
        this.readerThread.setDaemon(true);
        this.readerThread.start();
    }

    /** Starts tunerd with an exp_params JSON; {@code env} is added to NNI's usual variables. */
    static TunerdProcess start(String expParamsJson, Map<String, String> env, String... extraArgs) throws IOException {
        return start(FrameFormat.DEFAULT, expParamsJson, env, extraArgs);
    }

    /** As {@link #start(String, Map, String...)}, talking frames of {@code format} (e.g. 6-digit headers). */
    static TunerdProcess start(FrameFormat format, String expParamsJson, Map<String, String> env, String... extraArgs)
        throws IOException {
        Path logDir = Files.createTempDirectory("tunerd-it-log");
        List<String> cmd = new ArrayList<>(List.of(launcher(), "-m", "nni", "--exp_params",
            Base64.getEncoder().encodeToString(expParamsJson.getBytes(StandardCharsets.UTF_8))));
        cmd.addAll(List.of(extraArgs));
        if (env.containsKey(LEGACY_FDS)) {
            // NNI <= 2.7: commands on fd 3, replies on fd 4, stdin ignored; our pipes are moved there by a shell
            List<String> shell = new ArrayList<>(List.of("bash", "-c", "exec 3<&0 4>&1 </dev/null >&2; exec \"$@\"",
                "tunerd"));
            shell.addAll(cmd);
            cmd = shell;
        }
        return startCommand(cmd, logDir, format, env);
    }

    /**
     * Runs {@code command} (any way of launching tunerd: a script, python3, ...) with NNI's usual variables (spec 8.1)
     * plus {@code env}; its log directory is a new temporary directory. stdout is still read as frames.
     */
    static TunerdProcess startCommand(List<String> command, Map<String, String> env) throws IOException {
        return startCommand(command, Files.createTempDirectory("tunerd-it-log"), FrameFormat.DEFAULT, env);
    }

    private static TunerdProcess startCommand(List<String> cmd, Path logDir, FrameFormat format,
        Map<String, String> env) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(logDir.resolve("stderr.txt").toFile());
        pb.environment().putAll(Map.of("SDK_PROCESS", "dispatcher", "NNI_MODE", "start", "NNI_LOG_DIRECTORY",
            logDir.toString(), "NNI_LOG_LEVEL", "debug", "NNI_INCLUDE_INTERMEDIATE_RESULTS", "false"));
        pb.environment().remove("NNI_TUNER_COMMAND_CHANNEL");
        pb.environment().putAll(env);
        pb.environment().remove(LEGACY_FDS);
        return new TunerdProcess(pb.start(), logDir, format);
    }

    /** exp_params for test-only algorithms loaded from the test classes. */
    static String customConfig(String tunerClass, String tunerArgs, String assessorClass, String assessorArgs) {
        String tuner = "{\"className\": \"dev.tunerd.it.algorithms." + tunerClass + "\", \"codeDirectory\": \""
            + TEST_CLASSES.toAbsolutePath() + "\", \"classArgs\": " + tunerArgs + "}";
        String assessor = assessorClass == null ? "null" : "{\"className\": \"dev.tunerd.it.algorithms." + assessorClass
            + "\", \"codeDirectory\": \"" + TEST_CLASSES.toAbsolutePath() + "\", \"classArgs\": " + assessorArgs + "}";
        return "{\"trialConcurrency\": 1, \"tuner\": " + tuner + ", \"assessor\": " + assessor + "}";
    }

    static String launcher() {
        return System.getProperty("tunerd.launcher", "../scripts/tunerd");
    }

    void send(CommandType type, String content) throws IOException {
        sendRaw(encoder.encode(new Command(type, content)));
    }

    void sendRaw(byte[] bytes) throws IOException {
        stdin.write(bytes);
        stdin.flush();
    }

    void closeInput() throws IOException {
        stdin.close();
    }

    /** The next reply frame, failing the test if none comes within {@code timeout}. */
    Command reply(Duration timeout) throws InterruptedException {
        Object next = replies.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
        assertNotNull(next, "no reply within " + timeout + "; stderr:\n" + stderr());
        if (next instanceof RuntimeException e) {
            throw new AssertionError("a reply frame did not decode", e);
        }
        return (Command) next;
    }

    Command reply() throws InterruptedException {
        return reply(Duration.ofSeconds(10));
    }

    /** Replies that arrive within {@code quiet} of each other, until none does. */
    List<Command> drain(Duration quiet) throws InterruptedException {
        List<Command> out = new ArrayList<>();
        for (Object next = replies.poll(quiet.toMillis(), TimeUnit.MILLISECONDS); next != null;
             next = replies.poll(quiet.toMillis(), TimeUnit.MILLISECONDS)) {
            if (next instanceof RuntimeException e) {
                throw new AssertionError("a reply frame did not decode", e);
            }
            out.add((Command) next);
        }
        return out;
    }

    /** Waits for the exit; -1 if it did not exit within {@code timeout}. */
    int exitCode(Duration timeout) throws InterruptedException {
        return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS) ? process.exitValue() : -1;
    }

    /**
     * SIGKILL, leaving the stdout pipe open so that every byte the process wrote before dying is still read
     * ({@code Process.destroyForcibly} would close it and lose them).
     */
    void kill() {
        process.toHandle().destroyForcibly();
    }

    /** The process id (the launcher execs java, so this is the daemon's own). */
    long pid() {
        return process.pid();
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** The peak resident memory (VmHWM, KiB) of the process so far, or -1 when it is gone or unknown. */
    long peakResidentKib() {
        try {
            for (String line : java.nio.file.Files.readAllLines(Path.of("/proc", Long.toString(process.pid()),
                    "status"))) {
                if (line.startsWith("VmHWM:")) {
                    return Long.parseLong(line.substring(6).replace("kB", "").trim());
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return -1;
    }

    Path logDirectory() {
        return logDirectory;
    }

    String dispatcherLog() throws IOException {
        Path log = logDirectory.resolve("dispatcher.log");
        return Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "";
    }

    String stderr() {
        try {
            return Files.readString(logDirectory.resolve("stderr.txt"), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(cannot read stderr: " + e + ")";
        }
    }

    private void readReplies(InputStream in) {
        FrameDecoder decoder = new FrameDecoder(format);
        byte[] buf = new byte[65536];
        try {
            for (int n = in.read(buf); n >= 0; n = in.read(buf)) {
                ByteBuffer bb = ByteBuffer.wrap(buf, 0, n);
                while (bb.hasRemaining()) {
                    Command c = decoder.decode(bb);
                    if (c != null) {
                        replies.add(c);
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            replies.add(e instanceof RuntimeException r ? r : new IllegalStateException(e));
        }
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }
}
