package dev.tunerd.tuners.tpe.kernel;

import dev.tunerd.tuners.common.BoundedLbfgs;
import dev.tunerd.tuners.gp.FirstProbe;
import dev.tunerd.tuners.gp.FirstSearch;
import dev.tunerd.tuners.gp.GpProbe;

/**
 * TPE's model probe on a stall: while the run has stalled, a share of its suggestions is the maximiser of a Gaussian
 * process's acquisition ({@code dev.tunerd.tuners.gp.GpProbe}) fitted on the run's observations, capped at the best
 * half and the most recent of {@code cap}. A density ratio centred on the basin a run is stuck in ranks every far point
 * low; a GP knows which regions it has not seen and how good they could be. Only for a space of one parameter group
 * with numeric parameters only (a conditional or categorical space keeps TPE's own draws). Immutable and thread-safe.
 *
 * @param share probability that a stalled suggestion is the GP's (0: off, and the draws are exactly TPE's)
 * @param stall 0: the run has stalled while the exploration floor is active ({@link ExplorationFloor#active});
 *              positive: while the best loss has not improved for {@code max(MIN_PATIENCE, stall * n)} of the n
 *              completed trials (the floor's test with its own patience)
 * @param cap   observations in the GP at most (at least 10): the cost of a probe does not grow with the run
 * @param kappa 0: the GP's log expected improvement; positive: the lower confidence bound {@code mu - kappa sd}
 * @param lean  the GP's lean hyper-parameter schedule and acquisition search (a probe of about a millisecond at
 *              {@code cap} 150, the fit amortised; {@code dev.tunerd.tuners.gp.GpProbe}); false: the GP tuner's own
 *              (session 17's probe, a fit of 50-100 ms on the first probe and whenever the data grew by a tenth)
 * @param own   the stall test counts only the run's own completed suggestions: results imported into the tuner
 *              (a warm start's history, which TPE did not choose) say nothing about TPE being stuck, so a run counts
 *              as stalled only once its own suggestions have not improved the best loss (imported or not) for the
 *              test's patience; an imported result that improves the best restarts the count. Without imports the
 *              two tests are the same test. false: every completed result counts (sessions 17 and 18)
 * @param firstFit L-BFGS iterations of the lean schedule's first hyper-parameter fit, which a fresh tuner's first
 *              probe pays ({@link GpProbe#FIRST_FIT}, 40, by default; 0: the length-scale prior's mode as it is,
 *              the warm refits as the data grows doing the fitting); no effect without {@code lean}
 * @param firstRows rows of that first fit, the best half and the most recent of the model's ({@link GpProbe#FIRST_ROWS},
 *              50, by default: the lean schedule's warm refits use that many whatever this is); fewer make an
 *              evaluation of the likelihood cheaper (its factorisation and inverse grow with the cube of the rows);
 *              no effect without {@code lean}
 * @param first the rows of the model and the acquisition search of that first probe ({@link FirstSearch#USUAL}, by
 *              default: as every later probe's); no effect without {@code lean}
 * @param fitSteps the L-BFGS first step and stop on a flat likelihood of that first fit ({@link BoundedLbfgs.Steps#USUAL}
 *              by default: as every other fit's); no effect without {@code lean}
 */
public record ModelProbe(double share, double stall, int cap, double kappa, boolean lean, boolean own, int firstFit,
                         int firstRows, FirstSearch first, BoundedLbfgs.Steps fitSteps) {
    /** Off. */
    public static final ModelProbe NONE = new ModelProbe(0, 0, 150, 0, false, false);

    public ModelProbe {
        if (!(share >= 0 && share <= 1) || !(stall >= 0 && stall <= 10) || cap < 10
            || !(kappa >= 0 && kappa < 1e3) || firstFit < 0 || firstFit > 1000 || firstRows < 2 || firstRows > 1000
            || first == null || fitSteps == null) {
            throw new IllegalArgumentException("model probe: share must be in [0, 1], stall in [0, 10], cap >= 10, "
                + "kappa in [0, 1000), firstFit in [0, 1000] and firstRows in [2, 1000]: " + share + ", " + stall + ", "
                + cap + ", " + kappa + ", " + firstFit + ", " + firstRows + ", " + first);
        }
    }

    /** The first fit stepping as every other fit does (sessions 18-21). */
    public ModelProbe(double share, double stall, int cap, double kappa, boolean lean, boolean own, int firstFit,
                      int firstRows, FirstSearch first) {
        this(share, stall, cap, kappa, lean, own, firstFit, firstRows, first, BoundedLbfgs.Steps.USUAL);
    }

    /** The first probe modelled and searched as every later one (sessions 18-20). */
    public ModelProbe(double share, double stall, int cap, double kappa, boolean lean, boolean own, int firstFit,
                      int firstRows) {
        this(share, stall, cap, kappa, lean, own, firstFit, firstRows, FirstSearch.USUAL);
    }

    /** The lean first fit of {@code firstFit} iterations on {@link GpProbe#FIRST_ROWS} rows (session 19). */
    public ModelProbe(double share, double stall, int cap, double kappa, boolean lean, boolean own, int firstFit) {
        this(share, stall, cap, kappa, lean, own, firstFit, GpProbe.FIRST_ROWS);
    }

    /** The lean first fit of {@link GpProbe#FIRST_FIT} iterations (sessions 18 and 19). */
    public ModelProbe(double share, double stall, int cap, double kappa, boolean lean, boolean own) {
        this(share, stall, cap, kappa, lean, own, GpProbe.FIRST_FIT);
    }

    /** This probe with {@code iterations} for the lean schedule's first fit. */
    public ModelProbe withFirstFit(int iterations) {
        return new ModelProbe(share, stall, cap, kappa, lean, own, iterations, firstRows, first, fitSteps);
    }

    /** This probe with {@code rows} rows for the lean schedule's first fit. */
    public ModelProbe withFirstRows(int rows) {
        return new ModelProbe(share, stall, cap, kappa, lean, own, firstFit, rows, first, fitSteps);
    }

    /** This probe with its first probe's model rows and acquisition search as {@code search} says. */
    public ModelProbe withFirstSearch(FirstSearch search) {
        return new ModelProbe(share, stall, cap, kappa, lean, own, firstFit, firstRows, search, fitSteps);
    }

    /** This probe with its first fit's L-BFGS steps as {@code steps} says. */
    public ModelProbe withFitSteps(BoundedLbfgs.Steps steps) {
        return new ModelProbe(share, stall, cap, kappa, lean, own, firstFit, firstRows, first, steps);
    }

    /** Session 17's probe: the GP tuner's own fit schedule and acquisition search. */
    public ModelProbe(double share, double stall, int cap, double kappa) {
        this(share, stall, cap, kappa, false);
    }

    /** Every completed result counts towards the stall test (the probes of sessions 17 and 18). */
    public ModelProbe(double share, double stall, int cap, double kappa, boolean lean) {
        this(share, stall, cap, kappa, lean, false);
    }

    /** The lean probe's first fit and first suggestion, as {@link GpProbe} takes them. */
    public FirstProbe firstProbe() {
        return new FirstProbe(firstFit, firstRows, first, fitSteps);
    }

    /** The GP's utility: {@code ei} or {@code ucb}. */
    public String utility() {
        return kappa > 0 ? "ucb" : "ei";
    }

    /** Whether the run counts as stalled after {@code n} trials, the best found after {@code bestAt} of them. */
    boolean stalled(ExplorationFloor floor, int n, int bestAt) {
        return stall == 0 ? floor.active(n, bestAt) : ExplorationFloor.stalled(stall, n, bestAt);
    }
}
