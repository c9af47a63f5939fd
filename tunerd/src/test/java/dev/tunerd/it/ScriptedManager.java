package dev.tunerd.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tunerd.protocol.Command;
import dev.tunerd.protocol.CommandType;
import dev.tunerd.protocol.json.Json;
import dev.tunerd.protocol.json.PythonFloats;
import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import dev.tunerd.spi.json.JsonValue;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * NNI's manager reduced to what a kill-and-resume test needs: it keeps the trials it received ({@code TR}), runs
 * them one at a time (FINAL, EN, then {@code GE 1}, as the manager does when a trial finishes), and on every restart
 * sends the resume stream of spec 3.0: {@code IN}, {@code FD} of the finished trials, {@code AD} of the waiting ones,
 * {@code GE <concurrency>}. A result is <em>acknowledged</em> when a reply to a later command of the same default
 * queue arrived, so the dispatcher had handled it. Test harness; not thread-safe.
 */
final class ScriptedManager {

    record Trial(String jobId, long parameterId, JsonValue parameters) {
    }

    record Finished(Trial trial, double value) {
    }

    private final String expParams;
    private final String space;
    private final Path checkpointDirectory;
    private final int concurrency;
    private final ToDoubleFunction<JsonValue> objective;
    private final Deque<Trial> waiting = new ArrayDeque<>();
    private final List<Finished> finished = new ArrayList<>();
    private final Set<String> acknowledged = new LinkedHashSet<>();
    private final List<String> unconfirmed = new ArrayList<>(); // results sent to this process, no reply since
    private final List<Long> issuedIds = new ArrayList<>();
    private final List<String> issuedParameters = new ArrayList<>();
    private TunerdProcess process;
    private boolean noMore;
    private int runs;
    private int jobs;
    private long peakKib = -1;
    private long commandsSent;
    private Map<String, String> extraEnv = Map.of();

    ScriptedManager(String expParams, String space, Path checkpointDirectory, int concurrency,
                    ToDoubleFunction<JsonValue> objective) {
        this.expParams = expParams;
        this.space = space;
        this.checkpointDirectory = checkpointDirectory;
        this.concurrency = concurrency;
        this.objective = objective;
    }

    /** Variables added to the environment of the dispatcher processes started from now on (e.g. TUNERD_JAVA_OPTS). */
    void environment(Map<String, String> env) {
        extraEnv = Map.copyOf(env);
    }

    /** Starts the dispatcher: a fresh start the first time, a resume with the manager's resume stream after that. */
    void start() throws Exception {
        boolean resume = runs++ > 0;
        Map<String, String> env = new java.util.HashMap<>(extraEnv);
        env.putAll(Map.of("NNI_MODE", resume ? "resume" : "start", "NNI_CHECKPOINT_DIRECTORY",
            checkpointDirectory.toString(), "NNI_LOG_LEVEL", "info"));
        process = TunerdProcess.start(expParams, env);
        // a resume reads the whole history and matches the whole FD: at 234,000 trials on the 2-core machine shared
        // by five builds that took 30-40 s (17 s for the FD alone, a third of it in GC), and the soak is about ids,
        // results and memory, not about how fast a resume answers on a loaded machine
        Duration wait = Duration.ofSeconds(resume ? 120 : 30);
        send(CommandType.INITIALIZE, space);
        assertEquals(CommandType.INITIALIZED, process.reply(wait).type(), process.stderr());
        noMore = false;
        if (resume) {
            send(CommandType.IMPORT_DATA, Json.write(resumeImport()));
            send(CommandType.ADD_CUSTOMIZED_TRIAL_JOB, Json.write(resumedTrials()));
        }
        send(CommandType.REQUEST_TRIAL_JOBS, Integer.toString(concurrency));
        for (int i = 0; i < concurrency && !noMore; i++) { // k TRs, then NO when the tuner had fewer than asked
            accept(process.reply(wait));
        }
        process.drain(Duration.ofMillis(resume ? 300 : 50)).forEach(this::accept); // sets sent again after AD
    }

    /** Runs the oldest waiting trial to its end and asks for the next one; false when there is nothing to run. */
    boolean step() throws Exception {
        if (!finishNext()) {
            return false;
        }
        if (!noMore) {
            send(CommandType.REQUEST_TRIAL_JOBS, "1");
            confirmedBy(process.reply(Duration.ofSeconds(30)));
        }
        return true;
    }

    /** As {@link #step}, but the process is killed {@code delayMicros} after the {@code GE} was written. */
    void stepAndKill(long delayMicros) throws Exception {
        if (finishNext() && !noMore) {
            send(CommandType.REQUEST_TRIAL_JOBS, "1");
        }
        long until = System.nanoTime() + delayMicros * 1000;
        while (System.nanoTime() < until) {
            Thread.onSpinWait();
        }
        kill();
    }

    /** How many commands were sent to the dispatcher processes so far. */
    long commandsSent() {
        return commandsSent;
    }

    private void send(CommandType type, String content) throws Exception {
        process.send(type, content);
        commandsSent++;
    }

    /** The largest peak resident memory (VmHWM, KiB) of the dispatcher processes so far, read before each ended. */
    long peakResidentKib() {
        return Math.max(peakKib, process == null ? -1 : process.peakResidentKib());
    }

    /** The peak resident memory (VmHWM, KiB) of the running dispatcher process alone, -1 when unknown. */
    long currentPeakResidentKib() {
        return process == null ? -1 : process.peakResidentKib();
    }

    /** The running dispatcher process's id. */
    long pid() {
        return process.pid();
    }

    /** The {@code FD} and {@code AD} contents the next resume would send (for a resume replayed outside this class). */
    String resumeImportJson() {
        return Json.write(resumeImport());
    }

    String resumedTrialsJson() {
        return Json.write(resumedTrials());
    }

    /** Kills the process (SIGKILL) and keeps every reply it wrote before dying, as the manager would. */
    void kill() throws Exception {
        peakKib = peakResidentKib();
        process.kill();
        unconfirmed.clear();
        process.exitCode(Duration.ofSeconds(10));
        process.drain(Duration.ofMillis(200)).forEach(this::accept);
    }

    /** Runs every trial until the tuner has no more, then terminates the dispatcher cleanly. */
    void runToEnd() throws Exception {
        while (step()) {
            // one trial per step
        }
        terminate();
    }

    /** Runs {@code trials} trials, then terminates cleanly. */
    void run(int trials) throws Exception {
        for (int i = 0; i < trials && step(); i++) {
            // one trial per step
        }
        terminate();
    }

    /**
     * A last {@code GE} whose reply shows the results before it were handled (TE drops queued commands, as NNI's
     * fast exit does), then {@code TE}.
     */
    private void terminate() throws Exception {
        send(CommandType.REQUEST_TRIAL_JOBS, "1");
        confirmedBy(process.reply(Duration.ofSeconds(30)));
        peakKib = peakResidentKib();
        send(CommandType.TERMINATE, "");
        assertEquals(0, process.exitCode(Duration.ofSeconds(10)), process.stderr());
    }

    List<Finished> finished() {
        return finished;
    }

    Set<String> acknowledged() {
        return acknowledged;
    }

    List<Long> issuedIds() {
        return issuedIds;
    }

    /** Every parameter set received in a {@code TR}, written as JSON, in order. */
    List<String> issuedParameters() {
        return issuedParameters;
    }

    double best() {
        return finished.stream().mapToDouble(Finished::value).max().orElse(Double.NaN);
    }

    String stderr() {
        return process.stderr();
    }

    private boolean finishNext() throws Exception {
        Trial t = waiting.poll();
        if (t == null) {
            return false;
        }
        double value = objective.applyAsDouble(t.parameters());
        send(CommandType.REPORT_METRIC_DATA, "{\"parameter_id\": " + t.parameterId() + ", \"trial_job_id\": \""
            + t.jobId() + "\", \"type\": \"FINAL\", \"sequence\": 0, \"value\": \"" + PythonFloats.repr(value) + "\"}");
        send(CommandType.TRIAL_END, "{\"trial_job_id\": \"" + t.jobId() + "\", \"event\": \"SUCCEEDED\","
            + " \"hyper_params\": \"{\\\"parameter_id\\\": " + t.parameterId() + "}\"}");
        finished.add(new Finished(t, value));
        unconfirmed.add(t.jobId());
        return true;
    }

    /** A reply to a GE comes after the results sent before it were handled (one default queue): acknowledged. */
    private void confirmedBy(Command reply) {
        accept(reply);
        acknowledged.addAll(unconfirmed);
        unconfirmed.clear();
    }

    private void accept(Command reply) {
        if (reply.type() == CommandType.NO_MORE_TRIAL_JOBS) {
            noMore = true;
            return;
        }
        assertEquals(CommandType.NEW_TRIAL_JOB, reply.type(), reply.content());
        JsonObject tr = (JsonObject) Json.parse(reply.content());
        long id = ((JsonInt) tr.get("parameter_id")).value();
        issuedIds.add(id);
        issuedParameters.add(Json.write(tr.get("parameters")));
        waiting.add(new Trial("J" + (jobs++), id, tr.get("parameters")));
    }

    private JsonArray resumeImport() {
        List<JsonValue> out = new ArrayList<>();
        for (Finished f : finished) {
            out.add(JsonObject.builder().put("parameter", f.trial().parameters()).put("value", f.value())
                .put("trialJobId", new JsonString(f.trial().jobId())).build());
        }
        return new JsonArray(out);
    }

    private JsonArray resumedTrials() {
        List<JsonValue> out = new ArrayList<>();
        for (Trial t : waiting) {
            out.add(JsonObject.builder().put("parameter_id", t.parameterId()).put("parameter_source", "resumed")
                .put("parameters", t.parameters()).put("parameter_index", 0).build());
        }
        return new JsonArray(out);
    }
}
