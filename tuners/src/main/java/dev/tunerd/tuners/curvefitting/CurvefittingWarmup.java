package dev.tunerd.tuners.curvefitting;

import java.util.concurrent.atomic.AtomicBoolean;

import dev.tunerd.tuners.common.Rng;

/**
 * Compiles the judgement's code before the first real judgement: once per JVM, when the daemon creates a
 * Curvefitting assessor, a background daemon thread ({@code curvefitting-warm-up}) runs the full prediction (fits,
 * filter, sampling) on {@link #JUDGEMENTS} synthetic curves. Without it the first judgements of a run are interpreted
 * and take several times as long (the slowest judgements through the daemon were all among the first 20). Pure: its
 * own objects only, nothing kept, no logging; a failure is left to the real judgements to meet.
 */
final class CurvefittingWarmup implements Runnable {
    /** Enough for the fit and sampling loops to reach the JIT's compile thresholds (docs/benchmarks/s01-s05.md). */
    static final int JUDGEMENTS = 24;
    private static final AtomicBoolean STARTED = new AtomicBoolean();

    /** Starts the warm-up thread unless this JVM has started one already; returns whether it did. */
    static boolean startOnce() {
        if (!STARTED.compareAndSet(false, true)) {
            return false;
        }
        Thread thread = new Thread(new CurvefittingWarmup(), "curvefitting-warm-up");
        thread.setDaemon(true);
        thread.setPriority(Thread.MIN_PRIORITY);
        thread.start();
        return true;
    }

    @Override
    public void run() {
        try {
            for (int i = 0; i < JUDGEMENTS; i++) {
                new CurveEnsemble(20, sample(i)).predict(Rng.withSeed(i));
            }
        } catch (RuntimeException e) {
            // nothing to do: the real judgements meet whatever this met
        }
    }

    /** An accuracy-like curve of 6 to 19 points rising towards 0.4..0.9, with a fixed jitter. */
    static double[] sample(int i) {
        int steps = 6 + (i * 5) % 14;
        double top = 0.4 + 0.5 * ((i * 7) % 11) / 10.0;
        double[] curve = new double[steps];
        for (int t = 1; t <= steps; t++) {
            double jitter = (((t * 7919 + i) % 13) - 6) / 600.0;
            curve[t - 1] = top - (top - 0.1) * Math.pow(t, -0.7) + jitter;
        }
        return curve;
    }
}
