package dev.tunerd.tuners.curvefitting;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import dev.tunerd.tuners.curvefitting.CurveEnsemble.FittedCurve;

/**
 * The eleven least-squares fits of one judgement, shared between the calling thread and one helper thread
 * ({@code curvefitting-fit}, a daemon thread started on first use, one per JVM) when the machine has more than one
 * processor: both take the next family not yet taken until none is left. The fits are independent and each result
 * goes to its family's slot, so the outcome is the same as fitting one after the other; only the wall time halves
 * on an idle second core (a judgement's CPU time is unchanged). With one processor, or while the helper is busy with
 * another judgement (two assessors in one JVM) or not scheduled, the calling thread simply does more of the work: a
 * helper that has not started when the caller runs out of families is called off, not waited for. Thread-safe.
 */
final class SharedFitting {
    private static final CurveFamily[] FITTED = Arrays.stream(CurveFamily.values())
        .filter(f -> !f.neverEffective()).toArray(CurveFamily[]::new);
    private static final boolean PARALLEL = Runtime.getRuntime().availableProcessors() > 1;
    private static final ExecutorService HELPER = PARALLEL ? Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "curvefitting-fit");
        t.setDaemon(true);
        return t;
    }) : null;

    private SharedFitting() {
    }

    /** Every fitted family's parameters (or NNI's table values where the fit fails), in NNI's order. */
    static List<FittedCurve> fitAll(double[] history) {
        FittedCurve[] out = new FittedCurve[FITTED.length];
        AtomicInteger next = new AtomicInteger();
        Runnable worker = () -> {
            for (int i = next.getAndIncrement(); i < FITTED.length; i = next.getAndIncrement()) {
                CurveFamily family = FITTED[i];
                out[i] = new FittedCurve(family,
                    LeastSquaresFit.fit(family, history).orElseGet(family::publishedParameters));
            }
        };
        if (!PARALLEL) {
            worker.run();
            return List.of(out);
        }
        // whoever sets this first owns the helper's turn: the helper, when it starts; the caller, when it has run out
        // of families before the helper started (its core busy elsewhere), which calls the helper off
        AtomicBoolean helperTurn = new AtomicBoolean();
        Future<?> helped = HELPER.submit(() -> {
            if (helperTurn.compareAndSet(false, true)) {
                worker.run();
            }
        });
        worker.run();
        if (!helperTurn.compareAndSet(false, true)) {
            awaitHelper(helped); // it is fitting a family whose slot is read next
        }
        return List.of(out);
    }

    private static void awaitHelper(Future<?> helped) {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    helped.get();
                    return;
                } catch (InterruptedException e) {
                    interrupted = true; // the fits in hand must finish: their slots are read next
                } catch (ExecutionException e) {
                    throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
