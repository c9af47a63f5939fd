package dev.tunerd.tuners.tpe.kernel;

/**
 * Session 13's screening knobs (issue 16, s13-flight), system properties read once; committed only to make the
 * screen in docs/BENCHMARKS.md reproducible and reverted in the next commit. Defaults leave every draw as it is.
 */
final class Knobs {
    /** Squared distances of {@link SpreadStartup} in the cube instead of on the torus. */
    static final boolean CUBE = Boolean.getBoolean("fl.cube");
    /** With K trials in flight, the model starts after max(startup, ceil(K * s / 10)) observations. */
    static final int STARTUP_SCALE = Integer.getInteger("fl.startupScale", 0);
    /** The greedier good set in flight only from this many observations. */
    static final int GOOD_FROM = Integer.getInteger("fl.goodFrom", 0);
    /** Candidates per ordinary suggestion while trials are in flight (0: as sequential). */
    static final int EI_PENDING = Integer.getInteger("fl.eiPending", 0);
    /** Good bandwidths times this while trials are in flight and fewer than {@code fl.bwUntil} observations. */
    static final double BW_PENDING = Double.parseDouble(System.getProperty("fl.bwPending", "1"));
    static final int BW_UNTIL = Integer.getInteger("fl.bwUntil", 0);
    /** Good set ceil(g * n) while trials are in flight and fewer than {@code fl.earlyUntil} observations. */
    static final double GAMMA_EARLY = Double.parseDouble(System.getProperty("fl.gammaEarly", "0"));
    static final int EARLY_UNTIL = Integer.getInteger("fl.earlyUntil", 0);

    private Knobs() {
    }
}
