package dev.tunerd.tuners.medianstop;

import dev.tunerd.spi.AssessResult;
import dev.tunerd.spi.Assessor;
import dev.tunerd.spi.Metrics;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.Snapshotting;
import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.tuners.common.SnapshotJson;
import dev.tunerd.spi.text.SafeText;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * NNI's median stopping rule ({@code medianstop_assessor.py}): at step S (the number of intermediate results so
 * far, once at least {@code start_step}), a trial is Bad when its best value so far is strictly worse than the median
 * of the running averages at step S of the trials that completed successfully; Good when no completed trial reached
 * step S. The median is NNI's: sorted index {@code (n-1)/2} when maximising, {@code n/2} when minimising.
 *
 * <p>Cost: NNI collects and sorts every completed trial's average at step S on each assessment (quadratic over an
 * experiment). Here each completed average is stored once, in primitive arrays, and each step keeps a window of
 * values around its median in two heaps ({@link CompletedCurves}, {@link StepMedian}), updated once when a trial
 * ends: an assessment costs O(new results) to extend the trial's running best plus O(1) for the median, and a trial
 * end O(L log w) for a trial of L steps (w: the window), plus an O(n) rebuild now and then when a step's median
 * leaves its window. Not thread-safe (see {@link Assessor}).
 */
public final class MedianstopAssessor implements Assessor, Snapshotting {
    private static final System.Logger LOG = System.getLogger(MedianstopAssessor.class.getName());
    /** Snapshot key: the step of each completed trial's first saved average (absent in older snapshots: 1). */
    private static final String COMPLETED_FROM_STEP = "completed_from_step";

    private final boolean highBetter;
    private final int startStep;
    private final Map<String, RunningTrial> running = new LinkedHashMap<>();
    private final int minWindow;
    private CompletedCurves completed;

    public MedianstopAssessor(OptimizeMode mode, int startStep) {
        this(mode, startStep, CompletedCurves.MIN_WINDOW);
    }

    /** @param minWindow the fewest values each step keeps either side of its median (small in tests: more rebuilds) */
    MedianstopAssessor(OptimizeMode mode, int startStep, int minWindow) {
        this.highBetter = mode == OptimizeMode.MAXIMIZE;
        this.startStep = startStep;
        this.minWindow = minWindow;
        this.completed = new CompletedCurves(Math.max(startStep, 1), minWindow);
    }

    @Override
    public AssessResult assessTrial(String trialJobId, List<JsonValue> history) {
        int step = history.size();
        if (step < startStep || step == 0) {
            return AssessResult.GOOD;
        }
        RunningTrial trial = running.computeIfAbsent(trialJobId, id -> new RunningTrial(highBetter));
        trial.extend(history);
        double best = step >= trial.size() ? trial.best() : RunningTrial.best(history, highBetter);
        if (completed.count(step) == 0) {
            return AssessResult.GOOD;
        }
        boolean worse = highBetter ? best < completed.lowerMedian(step) : best > completed.upperMedian(step);
        return worse ? AssessResult.BAD : AssessResult.GOOD;
    }

    @Override
    public void trialEnd(String trialJobId, boolean success) {
        RunningTrial trial = running.remove(trialJobId);
        if (trial == null) {
            LOG.log(Level.WARNING, "trial_end: trial_job_id does not exist in running_history: "
                + SafeText.of(trialJobId));
            return;
        }
        if (success) {
            completed.complete(trialJobId, trial.runningAverages());
        }
    }

    @Override
    public JsonValue snapshot() {
        JsonObject.Builder runningJson = JsonObject.builder();
        running.forEach((id, t) -> runningJson.put(id, doubles(t.values())));
        JsonObject.Builder completedJson = JsonObject.builder();
        for (int i = 0; i < completed.trialCount(); i++) {
            completedJson.put(completed.trialId(i), doubles(completed.averages(i)));
        }
        return JsonObject.builder().put("running", runningJson.build()).put("completed", completedJson.build())
            .put(COMPLETED_FROM_STEP, JsonInt.of(completed.firstStep())).build();
    }

    @Override
    public void restore(JsonValue state) {
        JsonObject s = SnapshotJson.object(state, "Medianstop");
        JsonObject runningJson = SnapshotJson.object(SnapshotJson.member(s, "running"), "Medianstop running");
        JsonObject completedJson = SnapshotJson.object(SnapshotJson.member(s, "completed"), "Medianstop completed");
        running.clear();
        completed = new CompletedCurves(Math.max(startStep, 1), minWindow);
        runningJson.members().forEach((id, v) -> {
            RunningTrial t = new RunningTrial(highBetter);
            SnapshotJson.toDoubles(v).forEach(t::append);
            running.put(id, t);
        });
        long from = s.get(COMPLETED_FROM_STEP) == null ? 1 : SnapshotJson.longMember(s, COMPLETED_FROM_STEP);
        if (from < 1 || from > completed.firstStep()) {
            throw new IllegalArgumentException("Medianstop snapshot keeps completed averages from step " + from
                + ", start_step " + startStep + " needs them from step " + completed.firstStep());
        }
        completedJson.members().forEach((id, v) -> completed.complete(id,
            SnapshotJson.toDoubles(v).stream().mapToDouble(Double::doubleValue).toArray(), (int) from));
    }

    private static JsonArray doubles(double[] values) {
        List<JsonValue> out = new ArrayList<>(values.length);
        for (double v : values) {
            out.add(JsonFloat.of(v));
        }
        return new JsonArray(out);
    }

    /** A running trial's scalar results and best so far (Python's max/min: first wins, NaN never replaces). */
    private static final class RunningTrial {
        private final boolean highBetter;
        private double[] values = new double[8];
        private int size;
        private double best = Double.NaN;

        RunningTrial(boolean highBetter) {
            this.highBetter = highBetter;
        }

        /** NNI's {@code _update_data}: appends the part of the history not seen yet. */
        void extend(List<JsonValue> history) {
            for (int i = size; i < history.size(); i++) {
                append(Metrics.scalar(history.get(i)));
            }
        }

        void append(double v) {
            if (size == values.length) {
                values = Arrays.copyOf(values, size * 2);
            }
            values[size++] = v;
            if (size == 1 || (highBetter ? v > best : v < best)) {
                best = v;
            }
        }

        int size() {
            return size;
        }

        double best() {
            return best;
        }

        double[] values() {
            return Arrays.copyOf(values, size);
        }

        double[] runningAverages() {
            double[] averages = new double[size];
            double sum = 0;
            for (int i = 0; i < size; i++) {
                sum += values[i];
                averages[i] = sum / (i + 1);
            }
            return averages;
        }

        static double best(List<JsonValue> history, boolean highBetter) {
            RunningTrial t = new RunningTrial(highBetter);
            history.forEach(v -> t.append(Metrics.scalar(v)));
            return t.best();
        }
    }
}
