package dev.tunerd.tuners.medianstop;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The running averages of the completed trials, kept once: appended to an arena of primitive doubles in fixed-size
 * chunks (never copied), each trial found by its number ({@link TrialOrdinals}) through a start and a length. Each
 * step's median comes from a {@link StepMedian}, which holds only a window of values around it and reads the step's
 * values back from the arena when the window must move; so the arena's 8 bytes a value are nearly all the memory a
 * completed trial costs (before: a 4-byte heap position per value besides, and a map entry, a boxed number and a
 * string per trial). Medians are NNI's: sorted index {@code (n-1)/2} (lower, used when maximising) and {@code n/2}
 * (upper). Averages before {@code firstStep} (steps the assessor never judges, below its {@code start_step}) are
 * not kept. A trial id completing again replaces its averages, as NNI's dict does (its old values are taken out of
 * the steps; their arena slots stay unused). Not thread-safe.
 */
final class CompletedCurves {
    private static final int CHUNK_BITS = 16;
    private static final int CHUNK = 1 << CHUNK_BITS;
    static final int MIN_WINDOW = 256;

    private final int firstStep;
    private final int minWindow;
    private double[][] chunks = new double[8][];
    private int used;
    private final TrialOrdinals trials = new TrialOrdinals();
    private int[] starts = new int[16];
    private int[] lengths = new int[16];
    private final List<StepMedian> steps = new ArrayList<>();

    /** @param firstStep the first step (1-based) whose medians are asked for; earlier averages are dropped */
    CompletedCurves(int firstStep) {
        this(firstStep, MIN_WINDOW);
    }

    /** @param minWindow the fewest values a step's window holds each side of its median (small in tests) */
    CompletedCurves(int firstStep, int minWindow) {
        if (firstStep < 1) {
            throw new IllegalArgumentException("the first step is 1-based, got " + firstStep);
        }
        this.firstStep = firstStep;
        this.minWindow = minWindow;
    }

    /** The first step (1-based) kept. */
    int firstStep() {
        return firstStep;
    }

    /** Records (or replaces) the running averages of {@code trialJobId} (from step 1). */
    void complete(String trialJobId, double[] averages) {
        complete(trialJobId, averages, 1);
    }

    /**
     * Records (or replaces) the running averages of {@code trialJobId}, {@code averages[0]} being the one at step
     * {@code from} (1-based, at most {@link #firstStep}: the steps from the first kept one must all be there).
     */
    void complete(String trialJobId, double[] averages, int from) {
        if (from > firstStep) {
            throw new IllegalArgumentException("averages from step " + from + " lack steps " + firstStep + " to "
                + (from - 1));
        }
        int skip = firstStep - from;
        int kept = Math.max(0, averages.length - skip);
        int trial = trials.ordinalOf(trialJobId);
        if (trial >= 0) {
            int oldStart = starts[trial];
            int oldLength = lengths[trial];
            lengths[trial] = 0; // out of every step's column while its old values are taken out
            for (int s = 0; s < oldLength; s++) {
                steps.get(s).remove(value(oldStart + s));
            }
        } else {
            trial = trials.add(trialJobId);
            if (trial == starts.length) {
                starts = Arrays.copyOf(starts, trial + (trial >> 1));
                lengths = Arrays.copyOf(lengths, starts.length);
            }
        }
        starts[trial] = used;
        for (int s = 0; s < kept; s++) {
            append(averages[skip + s]);
        }
        lengths[trial] = kept;
        for (int s = 0; s < kept; s++) {
            step(s).add(averages[skip + s]);
        }
    }

    /** How many completed trials reached step {@code step} (1-based, at least {@link #firstStep}). */
    int count(int step) {
        int s = step - firstStep;
        if (s < 0) {
            throw new IllegalArgumentException("step " + step + " is before the first kept step " + firstStep);
        }
        return s >= steps.size() ? 0 : steps.get(s).count();
    }

    /** The value at sorted index {@code (n-1)/2} of step {@code step}; {@link #count} must be positive. */
    double lowerMedian(int step) {
        return steps.get(step - firstStep).lowerMedian();
    }

    /** The value at sorted index {@code n/2} of step {@code step}; {@link #count} must be positive. */
    double upperMedian(int step) {
        return steps.get(step - firstStep).upperMedian();
    }

    /** How many distinct trial ids completed. */
    int trialCount() {
        return trials.size();
    }

    /** The {@code trial}-th distinct id to complete. */
    String trialId(int trial) {
        return trials.idOf(trial);
    }

    /** The running averages of the {@code trial}-th completed trial, from step {@link #firstStep}. */
    double[] averages(int trial) {
        double[] out = new double[lengths[trial]];
        for (int s = 0; s < out.length; s++) {
            out[s] = value(starts[trial] + s);
        }
        return out;
    }

    /** How often step {@code step} (1-based) rebuilt its median window (for tests). */
    int rebuilds(int step) {
        return steps.get(step - firstStep).rebuilds();
    }

    private double value(int position) {
        return chunks[position >>> CHUNK_BITS][position & (CHUNK - 1)];
    }

    private void append(double v) {
        int chunk = used >>> CHUNK_BITS;
        if (chunk == chunks.length) {
            chunks = Arrays.copyOf(chunks, chunk * 2);
        }
        if (chunks[chunk] == null) {
            chunks[chunk] = new double[CHUNK];
        }
        chunks[chunk][used & (CHUNK - 1)] = v;
        used++;
    }

    private StepMedian step(int step) {
        while (steps.size() <= step) {
            int s = steps.size();
            steps.add(new StepMedian(() -> column(s), minWindow));
        }
        return steps.get(step);
    }

    /** Every completed trial's value at step index {@code step}, in trial order. */
    private double[] column(int step) {
        double[] out = new double[steps.get(step).count()];
        int n = 0;
        for (int t = 0; t < trials.size(); t++) {
            if (lengths[t] > step) {
                out[n++] = value(starts[t] + step);
            }
        }
        return n == out.length ? out : Arrays.copyOf(out, n);
    }
}
