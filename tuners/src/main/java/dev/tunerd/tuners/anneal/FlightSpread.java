package dev.tunerd.tuners.anneal;

/**
 * tunerd's rule for trials in flight, an addition to hyperopt's annealing: while trials are in flight and the main
 * chain has fewer than {@code results} observations, a suggestion of the main chain is the farthest of
 * {@code candidates} draws (each drawn as the suggestion would be) from the trials in flight, and from the
 * observations too when {@code observed}, distance measured on the torus of the unit cube
 * ({@link dev.tunerd.tuners.model.TorusDistance}). With no observation yet every draw is a prior draw, so the first
 * batch of a run is spread as TPE's start-up is ({@code SpreadStartup}). Sequential runs (nothing in flight) draw
 * exactly as without the rule. Stateless, so snapshots replay exactly. Immutable and thread-safe.
 *
 * @param candidates       draws per suggestion while the rule acts (0 or 1: off)
 * @param results          the rule acts while the main chain has fewer observations than this
 * @param observed         whether the distance counts the observations as well as the trials in flight
 * @param categoryDistance squared distance a differing option (or activity) adds
 */
public record FlightSpread(int candidates, int results, boolean observed, double categoryDistance) {
    /** Off: hyperopt's draws. */
    public static final FlightSpread NONE = new FlightSpread(0, 0, false, 0.25);
    /**
     * tunerd's default (issue 16, session 14): every suggestion made while trials are in flight is the farthest of
     * three draws from the trials in flight and the observations (docs/MODEL_TUNERS.md).
     */
    public static final FlightSpread DEFAULT = new FlightSpread(3, Integer.MAX_VALUE, true, 0.25);

    public FlightSpread {
        if (candidates < 0 || candidates > 10_000 || results < 0 || !(categoryDistance >= 0 && categoryDistance < 100)) {
            throw new IllegalArgumentException("invalid spread in flight: " + candidates + ", " + results + ", "
                + categoryDistance);
        }
    }

    /** Whether a suggestion with {@code inFlight} trials in flight and {@code observations} observations spreads. */
    boolean spreads(int inFlight, int observations) {
        return inFlight > 0 && candidates > 1 && observations < results;
    }
}
