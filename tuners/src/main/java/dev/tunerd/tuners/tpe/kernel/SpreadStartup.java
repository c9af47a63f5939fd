package dev.tunerd.tuners.tpe.kernel;

import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.model.TorusDistance;
import java.util.function.Consumer;

/**
 * TPE's start-up draws while trials are in flight (issue 16, session 13). Before a group has enough observations for
 * its model, each suggestion is a draw from the prior; with trials in flight (the first batch of a run starts with
 * none observed and up to K - 1 already issued) those independent draws clump. Here, while at least one trial is in
 * flight, a start-up suggestion takes {@code candidates} prior draws and proposes the one farthest from the trials
 * in flight and the group's observations, distance measured on the torus (each unit coordinate wraps around, so the
 * farthest point is not pushed to the cube's faces, which a plain maximin rule does: issue 16's third pass measured
 * that at -3.8 points); a categorical option that differs counts as {@code categoryDistance} in squared distance.
 * Optionally the model takes over after {@code results} observations instead of the sequential start-up count while
 * trials are in flight. A sequential run (nothing in flight) draws exactly as without the rule. Stateless, so
 * snapshots replay exactly. Immutable and thread-safe.
 *
 * @param candidates       prior draws per start-up suggestion while trials are in flight (0 or 1: one plain draw)
 * @param results          observations of a group before its model is used while trials are in flight (0: the
 *                         sequential start-up count, {@link TpeSettings#startupTrials()})
 * @param categoryDistance squared distance a differing categorical option adds (a numeric coordinate adds at most
 *                         0.25 on the torus)
 */
public record SpreadStartup(int candidates, int results, double categoryDistance) {
    /** Off: start-up draws as in a sequential run. */
    public static final SpreadStartup NONE = new SpreadStartup(0, 0, 0.25);

    public SpreadStartup {
        if (candidates < 0 || candidates > 10_000 || results < 0 || !(categoryDistance >= 0 && categoryDistance < 100)) {
            throw new IllegalArgumentException("invalid start-up spread: " + candidates + ", " + results + ", "
                + categoryDistance);
        }
    }

    /** Observations a group needs before its model is used, with {@code inFlight} of its trials in flight. */
    int startup(int sequential, int inFlight) {
        return inFlight > 0 && results > 0 ? results : sequential;
    }

    /** Whether a start-up suggestion with {@code inFlight} trials in flight is spread (else one plain draw). */
    boolean spreads(int inFlight) {
        return inFlight > 0 && candidates > 1;
    }

    /**
     * Draws {@code candidates} points with {@code prior} into {@code candidate} and copies the one farthest from
     * the rows in flight and the observed rows into {@code out}.
     *
     * @param observed the group's observed rows, flat, {@code categorical.length} values each
     */
    void draw(Consumer<double[]> prior, double[] candidate, double[] out, PendingRows pending, double[] observed,
              int observedRows, boolean[] categorical) {
        int d = categorical.length;
        double farthest = -1;
        for (int c = 0; c < candidates; c++) {
            prior.accept(candidate);
            double nearest = Double.POSITIVE_INFINITY;
            double[] inFlight = pending.flat();
            for (int i = 0; i < pending.count() && nearest > farthest; i++) {
                nearest = Math.min(nearest, distance2(candidate, inFlight, i * d, categorical));
            }
            for (int r = 0; r < observedRows && nearest > farthest; r++) {
                nearest = Math.min(nearest, distance2(candidate, observed, r * d, categorical));
            }
            if (nearest > farthest) {
                farthest = nearest;
                System.arraycopy(candidate, 0, out, 0, d);
            }
        }
    }

    /** Squared torus distance between {@code a} and the row of {@code rows} starting at {@code offset}. */
    double distance2(double[] a, double[] rows, int offset, boolean[] categorical) {
        return TorusDistance.squared(a, rows, offset, categorical, categoryDistance);
    }
}
