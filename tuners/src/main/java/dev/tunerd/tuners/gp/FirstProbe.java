package dev.tunerd.tuners.gp;

import dev.tunerd.tuners.common.BoundedLbfgs;

/**
 * What a lean GP probe's first suggestion (the one that pays the first hyper-parameter fit: a fresh tuner's, or one
 * whose fits have all failed) fits and searches, handed down as one setting from the host's probe settings (TPE's
 * {@code ModelProbe}) to {@link GpProbe}, {@link GpSampler} and {@link HyperFit}. No effect on a probe that is not
 * lean. Immutable.
 *
 * @param fitIterations L-BFGS iterations of the lean schedule's first fit (0: the length-scale prior's mode as it is;
 *                      the warm refits and full fits are unchanged)
 * @param fitRows       rows of that first fit at most, the best half and the most recent of the model's (at least 2)
 * @param search        the first suggestion's model rows and acquisition search ({@link FirstSearch#USUAL}: as every
 *                      later one's)
 * @param fitSteps      the first fit's L-BFGS first step and stop on a flat likelihood ({@link BoundedLbfgs.Steps#USUAL}:
 *                      as every other fit's)
 */
public record FirstProbe(int fitIterations, int fitRows, FirstSearch search, BoundedLbfgs.Steps fitSteps) {
    /** Sessions 18 and 19's first probe: 40 iterations on 50 rows, modelled and searched as every later one. */
    public static final FirstProbe USUAL = new FirstProbe(HyperFit.ITERATIONS, HyperFit.LEAN_ROWS, FirstSearch.USUAL);

    public FirstProbe {
        if (fitIterations < 0 || fitRows < 2 || search == null || fitSteps == null) {
            throw new IllegalArgumentException("first probe: fit iterations must be >= 0, fit rows >= 2 and the "
                + "search and steps given: " + fitIterations + ", " + fitRows + ", " + search + ", " + fitSteps);
        }
    }

    /** The first fit stepping as every other fit does (sessions 18-21). */
    public FirstProbe(int fitIterations, int fitRows, FirstSearch search) {
        this(fitIterations, fitRows, search, BoundedLbfgs.Steps.USUAL);
    }
}
