package dev.tunerd.tuners.tpe;

import dev.tunerd.tuners.common.BoundedLbfgs;
import dev.tunerd.tuners.gp.FirstSearch;
import dev.tunerd.tuners.tpe.kernel.BatchPortfolio;
import dev.tunerd.tuners.tpe.kernel.ExplorationFloor;
import dev.tunerd.tuners.tpe.kernel.FlightRefine;
import dev.tunerd.tuners.tpe.kernel.LocalRefine;
import dev.tunerd.tuners.tpe.kernel.ModelProbe;
import dev.tunerd.tuners.tpe.kernel.SecondBasin;
import dev.tunerd.tuners.tpe.kernel.SpreadStartup;
import dev.tunerd.tuners.tpe.kernel.TpeSettings;
import java.util.Locale;

/**
 * NNI's {@code tpe_args}, with NNI's meaning; the defaults are tunerd's tuned ones where NNI's are weak (see
 * docs/MODEL_TUNERS.md). Immutable and thread-safe.
 *
 * @param constantLiarType  {@code best}, {@code worst}, {@code mean}, or {@code none} to disable the constant liar
 *                          (NNI's Python {@code None}; a JSON null here means "not given" and selects tunerd's
 *                          default {@code none}: with trials in flight NNI's default {@code best} makes TPE sample
 *                          around them, see docs/MODEL_TUNERS.md; trials in flight are kept apart by
 *                          {@link #DIVERSITY} whatever the liar)
 * @param nStartupJobs      random suggestions before the model is used (NNI 20; default 5)
 * @param nEiCandidates     candidates drawn from the good density per suggestion (24)
 * @param linearForgetting  observations kept at full weight and the cap on good ones (25)
 * @param priorWeight       weight of the prior in both densities (1.0)
 * @param gamma             when given, NNI's rule: {@code ceil(gamma * sqrt(n))} good observations; when absent,
 *                          tunerd's linear rule {@code ceil(0.15 * n)} (both capped by {@code linear_forgetting})
 */
public record TpeArgs(String constantLiarType, Integer nStartupJobs, Integer nEiCandidates, Integer linearForgetting,
                      Double priorWeight, Double gamma) {
    /** Fraction of observations taken as good when {@code gamma} is not given. */
    public static final double LINEAR_GAMMA = 0.15;
    /** Scale of the numeric kernel bandwidth in unit coordinates (tuned on the benchmark suite). */
    public static final double BANDWIDTH_FACTOR = 0.05;
    /** At most this many (most recent) bad observations form the bad density. */
    public static final int BAD_CAP = 1024;
    /** Share of suggestions made with univariate (independent) densities instead of the joint ones. */
    public static final double INDEPENDENT_SHARE = 0.4;
    /**
     * Observations of a parameter group before univariate suggestions start (40 until issue 16: from 20 the weak seed
     * sets recover, docs/MODEL_TUNERS.md).
     */
    public static final int INDEPENDENT_AFTER = 20;
    /**
     * A candidate closer to a trial in flight than this many bandwidths of the good density is not proposed (chosen
     * by measurement with 4 and 16 trials in flight, docs/MODEL_TUNERS.md; 0.5 until session 11, when the local step
     * and the second basin made 0.35 the better radius with 16 in flight).
     */
    public static final double DIVERSITY = 0.35;
    /** The diversity radius of the TPE models inside BOHB and ASHA-tpe: the one their runs were measured with. */
    public static final double MULTI_FIDELITY_DIVERSITY = 0.5;
    /**
     * With K trials in flight in a parameter group, the univariate share rises from {@link #INDEPENDENT_SHARE} to
     * {@code s + (1 - s) K / (K + 4)}: 0.55 with 1 in flight, 0.7 with 4, 0.88 with 16 (issue 16, session 6:
     * recombining good values parameter by parameter spreads a batch usefully where a repulsion from the trials in
     * flight does not; docs/MODEL_TUNERS.md).
     */
    public static final double INDEPENDENT_IN_FLIGHT = 4;
    /**
     * With K trials in flight in a parameter group, the good set is sized for {@code n - K / 2} observations instead
     * of n (issue 16, session 8: a greedier good density while a batch is drawn from it; held out, 4 in flight +1.0
     * points at 100 trials, 16 in flight +1.1 at 200 and even at 100, but 2 to 5 worse at 50; sequential runs
     * unchanged; 0 restores the previous draws; docs/MODEL_TUNERS.md).
     */
    public static final double GOOD_IN_FLIGHT = 0.5;
    /**
     * While the best loss has not improved for 30% of the completed trials (at least 10), a fifth of the
     * suggestions take the most promising of candidates drawn from the prior (docs/MODEL_TUNERS.md). Since session 21
     * an improvement counts for this test (and the model probe's) only when it is larger than 1% of the spread of the
     * run's first ten results of its own ({@link ExplorationFloor#tolerance}; 0 gives the draws of sessions 9-20).
     */
    public static final ExplorationFloor FLOOR = new ExplorationFloor(0.2, 0.3, 0.01);
    /**
     * The second basin of issue 16, session 11 ({@link SecondBasin}, docs/MODEL_TUNERS.md "Eighth pass"): while a
     * group's good set spans less than 2.5 bandwidths in every numeric dimension (after 40 observations), 30% of its
     * suggestions, at most 8 per run, come from a second model fitted on the observations farther than 0.3 (unit
     * range) from the best one. Alone it met both targets on 34 of 40 held-out sets against 29; beside the local step
     * ({@link #REFINE}) on 20 untouched sets (58000..58199, 59000..59199) 20 of 20 against 17, so it is on.
     */
    public static final SecondBasin BASIN_TRIED = new SecondBasin(0.3, 2.5, 0.3, 40, 8);
    /**
     * The second basin with session 12's axis test ({@link SecondBasin#axis()} 0.1: an observation that differs
     * from the best by less than 0.1 in every coordinate but one is not taken for a second basin). Measured, not the
     * default: on 70 held-out 20-seed sets 68 meet 85 / 92 against 67 and the lowest set at 100 trials rises 81.3 ->
     * 84.0, but the mean of the sets at 200 trials falls 0.10 (within the noise) and the set 52000..52399
     * gets worse (docs/MODEL_TUNERS.md "Eleventh pass").
     */
    public static final SecondBasin BASIN_AXIS = new SecondBasin(BASIN_TRIED.share(), BASIN_TRIED.collapse(),
        BASIN_TRIED.radius(), BASIN_TRIED.after(), BASIN_TRIED.limit(), 0.1);
    /**
     * The second basin of the defaults: {@link #BASIN_TRIED} ({@link #BASIN_AXIS} adds the axis test,
     * {@code SecondBasin.NONE} restores the draws before the rule).
     */
    public static final SecondBasin BASIN = BASIN_TRIED;
    /**
     * From 30 observations of a group, 30% of the suggestions work from the group's best observation: half of them
     * a coordinate move (one numeric coordinate redrawn from the prior, proposed as drawn), half a refinement (24
     * candidates a quarter of the good bandwidth around it, compared by the density ratio). Issue 16, session 11:
     * ackley5 +5 and styblinski5 +8 points at 100 trials held out, 27 of 30 held-out 20-seed sets meet 85 / 92
     * against 23 (docs/MODEL_TUNERS.md, "Ninth pass").
     */
    public static final LocalRefine REFINE = new LocalRefine(0.3, 30, 0.25, 1, 0.5);
    /**
     * While trials are in flight, each start-up suggestion is the farthest (on the torus) of 16 prior draws from the
     * trials in flight and the observations ({@link SpreadStartup}); sequential runs draw as before. Issue 16,
     * session 13 (docs/MODEL_TUNERS.md).
     */
    public static final SpreadStartup SPREAD = new SpreadStartup(16, 0, 0.25);
    /**
     * With trials in flight (and no liar), each enters the bad density as a component of weight 0.25 (issue 16,
     * session 13: a soft repulsion in the density ratio beside the diversity rule; sequential runs unchanged draw for
     * draw; 0 restores the previous draws; docs/MODEL_TUNERS.md, "Thirteenth pass").
     */
    public static final double IN_FLIGHT_BAD = 0.25;
    /**
     * While trials are in flight (from 10 observations of a group, and while its good set spans less than 6 good
     * bandwidths in every numeric dimension), an eighth of the trials in flight is kept within one good bandwidth of
     * the best observation: while fewer are, a suggestion refines the best observation with a step of half a good
     * bandwidth ({@link BatchPortfolio}). Issue 16, session 14: held out (40 sets of 20), 16 in flight +1.2 points at
     * 100 trials per set and +0.2 at 200, 4 in flight +1.0 at 100 but -0.6 at 200; sequential runs draw exactly as
     * before; {@code BatchPortfolio.NONE} restores the previous draws (docs/MODEL_TUNERS.md, "Fourteenth pass").
     * Since issue 16, session 16, a small batch (at most 4 trials in flight, where the integer count makes one
     * suggestion in K + 1 greedy instead of an eighth) takes such a greedy suggestion only with odds that fall linearly
     * from 1 at 20 observations of the group to 0 at 200: the portfolio's early gain is mostly kept and its late cost
     * (levy6, styblinski5) mostly given back; held out (20 sets of 20), 4 in flight +0.71 +- 0.22 points per set at 200
     * trials, -0.11 +- 0.22 at 100, 2 in flight +1.63 +- 0.30 and +0.64 +- 0.29; 6 in flight did not gain, so from 5
     * in flight, and in sequential runs, the draws are as before ("Eighteenth pass"; {@code withSmallBatches(0, 0, 0,
     * 1)} restores session 14's rule).
     */
    public static final BatchPortfolio PORTFOLIO = new BatchPortfolio(0.125, 1, 0.5, 1, 10, 1, 0, 6, 5, 20, 200, 1);
    /**
     * With at least 8 trials in flight in a group that has fewer than 100 observations, a local suggestion is a
     * coordinate move (a blind redraw of one coordinate of the best) only while fewer than 2 trials in flight are
     * coordinate moves of the best, and along a coordinate neither of them moves; otherwise it is a refinement.
     * Otherwise the local step is {@link #REFINE} (sequential runs and 4 in flight draw exactly as before). Issue 16,
     * sessions 14 (refinements only) and 15 (at most 2 coordinate moves of the best in flight: styblinski5 keeps its
     * late gains, +0.5 per set at 200 trials held out, level at 100); docs/MODEL_TUNERS.md, "Sixteenth pass".
     * {@code FlightRefine.NONE} restores the draws before session 14.
     */
    public static final FlightRefine FLIGHT_REFINE = new FlightRefine(0, 0, -1, -1, 8, 100, 2);
    /**
     * The model probe of issue 16, session 17 ({@link ModelProbe}): while the exploration floor's stall test holds,
     * 30% of the suggestions of a space of numeric parameters without conditions are the maximiser of a GP's log
     * expected improvement, the GP fitted on the best half and the most recent of at most 150 observations. Held out
     * (40 sets of 20, 124000..124799): 40 meet 85 / 92 against 39, +2.45 +- 0.23 points per set at 100 trials and
     * +0.86 +- 0.11 at 200, hartmann3 runs left above regret 0.5 after 100 trials 7 -> 1 of 800; with 4 in flight
     * within 2.1 points of sequential on each of 20 sets (docs/MODEL_TUNERS.md, "Nineteenth pass").
     */
    public static final ModelProbe PROBE_TRIED = new ModelProbe(0.3, 0, 150, 0);
    /**
     * {@link #PROBE_TRIED} with the GP's lean fit schedule and acquisition search (issue 16, session 18; bench key
     * {@code gpLean=1}): the first fit on a fresh tuner from the prior's mode on 50 rows, a short warm-started refit
     * when the data grew by a tenth, the full fit when it doubled, about 70 scored candidates and one local start per
     * probe. Held out (133000..133799, 40 sets of 20) -0.18 +- 0.12 points per set at 100 trials and -0.09 +- 0.08 at
     * 200 against {@link #PROBE_TRIED}, 40 of 40 sets meeting 85 / 92 with either; JMH mean per suggestion 3.5-6.5 times
     * lower than with {@link #PROBE_TRIED}. The default since the lead's check at the end of session 18: on the
     * untouched 130000..130199 (10 sets) -0.26 / -0.25 per set against {@link #PROBE_TRIED}, 10 of 10 sets meeting both
     * floors, in flight within 3.0 (4) and 9.5 (16) of sequential; JMH on a quiet machine mean 0.24 / 0.53 / 0.67 ms
     * at 100 / 1,000 / 5,000 against 2.7-3.4 / 2.7-5.0 / 3.8-5.1, median 0.039 / 0.29 / 0.32 against the probe-off
     * path's 0.036 / 0.25 / 0.30 (docs/benchmarks/s18.md, "After the session-18 merge").
     */
    public static final ModelProbe PROBE_LEAN = new ModelProbe(0.3, 0, 150, 0, true);
    /**
     * {@link #PROBE_LEAN} whose stall test counts only the run's own results (issue 16, session 19; bench key
     * {@code gpOwn=1}): results imported with {@code FD}, which TPE did not choose, do not make the probe fire. A run
     * without imports draws exactly as with {@link #PROBE_LEAN} (2,000 runs on 138000..138199 identical). Warm start of
     * 100 random imports, held out (139000..139399, 20 sets of 20): +3.56 +- 0.40 / +2.67 +- 0.30 / +1.02 +- 0.24
     * points per set at 50 / 100 / 200 trials against {@link #PROBE_LEAN}; in JMH's loop (fresh tuner on n imports) a
     * probe fires on 0.5 % of the timed suggestions instead of 5 % and the median is level with the probe-off path's,
     * but the mean per suggestion is still 11-60 % above it (a fresh tuner's first fit; docs/benchmarks/s19.md, "TPE:
     * the probe on a warm start"). The default after the lead's check at the end of session 19 (it is better than
     * {@link #PROBE_LEAN} on every figure measured: the same draws without imports, on 600 runs of the lead's untouched
     * 136000..136059 too; warm starts better; JMH mean lower; docs/benchmarks/s19.md, "After the session-19 merge").
     * Its first fit made cheap is {@link #PROBE_CHEAP_FIRST} (not the default).
     */
    public static final ModelProbe PROBE_OWN = new ModelProbe(0.3, 0, 150, 0, true, true);
    /**
     * {@link #PROBE_OWN} whose first hyper-parameter fit (a fresh tuner's first probe) is the length-scale prior's mode
     * as it is, without L-BFGS iterations (issue 16, session 19, branch s19-probecost; bench key {@code gpFirst=0}): one
     * likelihood evaluation instead of 34-42; the short warm refits when the data grew by a tenth and the full
     * fit when it doubled are unchanged. In JMH's loop (thread CPU, {@code WindowTiming}) the mean per suggestion over
     * the probe-off path falls from +62 / +8 / +11 % to +14 / +0 / +3 % at 100 / 1,000 / 5,000 observations. Held out
     * (143000..143399, 20 sets of 20, no imports): 20 of 20 sets meet 85 / 92 as with {@link #PROBE_OWN}, -0.14 +- 0.18
     * points per set at 100 trials and +0.03 +- 0.16 at 200; warm start of 100 imports (143000..143199, 10 sets)
     * -1.12 +- 0.28 / -0.30 +- 0.13 / +0.37 +- 0.16 at 50 / 100 / 200 trials (docs/benchmarks/s19.md, "TPE: the probe's
     * first fit at the prior's mode"). The branch made it the default; the lead kept {@link #PROBE_OWN}: held out it
     * loses on warm starts (0 of 10 sets better at 50 trials) and issue 16's 10 % is still missed at 100 observations
     * with it, so it trades quality users see for a target it does not reach.
     */
    public static final ModelProbe PROBE_CHEAP_FIRST = PROBE_OWN.withFirstFit(0);
    /**
     * {@link #PROBE_OWN} whose first hyper-parameter fit (a fresh tuner's first probe: 40 L-BFGS iterations from the
     * prior's mode) is on the best half and the most recent of 25 rows instead of 50 (issue 16, session 20, branch
     * s20-probefast; bench key {@code gpRows=25}): each likelihood evaluation factorises and inverts a 25 x 25 matrix
     * instead of 50 x 50; the warm refits (50 rows) and the full fits (100) are unchanged. In JMH's loop (thread CPU,
     * {@code WindowTiming}, 600 tuners per n) the mean per suggestion over the probe-off path falls from +47 / +6 / +6 %
     * to +23 / +2 / +1 % at 100 / 1,000 / 5,000 observations. Held out (147000..147399, 20 sets of 20, no imports):
     * 20 of 20 sets meet 85 / 92 as with {@link #PROBE_OWN}, -0.04 +- 0.08 / -0.01 +- 0.06 points per set at 100 / 200
     * trials; warm start of 100 imports (147000..147399, 20 sets) +0.09 +- 0.16 / -0.16 +- 0.15 / -0.11 +- 0.10 at 50 /
     * 100 / 200 trials (docs/benchmarks/s20.md, "TPE: where a fresh probe's time goes, the same draws for less, and a
     * first fit on 25 rows").
     */
    public static final ModelProbe PROBE_FEW_ROWS = PROBE_OWN.withFirstRows(25);
    /**
     * {@link #PROBE_FEW_ROWS} whose first probe (a fresh tuner's, the one that pays the first fit) models the best half
     * and the most recent of 50 rows instead of up to 150 and scores at most 128 warm-up candidates (issue 16, session
     * 20 follow-up, branch s20-probefast; bench keys {@code gp1Rows=50,gp1Cands=128}); later probes unchanged. Not
     * the default: in JMH's loop (thread CPU, {@code WindowTiming}) the mean per suggestion at 100 observations is +2
     * to +7 % over the probe-off path against the default's +8 to +21 %, and held out without imports (147400..147799,
     * 20 sets) it is level (-0.08 +- 0.19 / +0.09 +- 0.16 points per set at 100 / 200 trials), but a warm start of 100
     * imports loses -0.64 +- 0.16 / -0.33 +- 0.15 at 50 / 100 trials, beyond its error (docs/benchmarks/s20.md, "TPE: a
     * cheaper first probe").
     */
    public static final ModelProbe PROBE_SMALL_FIRST = PROBE_FEW_ROWS.withFirstSearch(new FirstSearch(50, 128, true));
    /**
     * {@link #PROBE_FEW_ROWS} whose first probe's local L-BFGS search starts with a step of at most 0.1 in any feature
     * while it has no curvature pair, instead of the unit step along the raw gradient that leaves the cube and
     * backtracks (issue 16, session 22, branch s22-probe; bench key {@code gp1Step=0.1}); the fit and later probes
     * unchanged. It saves about 6 of the search's 20 utility evaluations and moves the suggestion by less than 5e-4;
     * held out it is level (161000..161199 without imports, 10 sets: -0.05 +- 0.03 / -0.02 +- 0.05 points per set at
     * 100 / 200 trials, 10 of 10 sets meeting 85 / 92; 161200..161399 with 100 imports: -0.00 +- 0.02 / +0.05 +- 0.03
     * / +0.05 +- 0.02 at 50 / 100 / 200). The default since session 22: a probe is 10-14 % cheaper in JMH's loop
     * (thread CPU, {@code WindowTiming}, the variants in one JVM, 100 and 1,000 observations; 1-7 % in an A/B harness
     * of separate class loaders); issue 16's 10 % at 100 observations in JMH stays open (docs/benchmarks/s22.md, "TPE:
     * the probe's L-BFGS steps").
     */
    public static final ModelProbe PROBE_SCALED_SEARCH = PROBE_FEW_ROWS.withFirstSearch(new FirstSearch(0, 0, true,
        BoundedLbfgs.Steps.USUAL.withFirstStep(0.1)));
    /**
     * The model probe of the defaults: {@link #PROBE_SCALED_SEARCH} since session 22 ({@link #PROBE_FEW_ROWS},
     * session 20's, searches its first probe with the unit first step; {@link #PROBE_OWN}, session 19's,
     * fits its first probe on 50 rows; {@link #PROBE_CHEAP_FIRST} skips that fit; {@link #PROBE_LEAN}, session 18's,
     * counts imported results towards a stall; {@link #PROBE_TRIED} gives session 17's draws, {@code ModelProbe.NONE}
     * the draws before it).
     */
    public static final ModelProbe PROBE = PROBE_SCALED_SEARCH;

    public TpeArgs {
        constantLiarType = constantLiarType == null ? "none" : constantLiarType.toLowerCase(Locale.ROOT);
        if (!constantLiarType.matches("best|worst|mean|none")) {
            throw new IllegalArgumentException("tpe_args.constant_liar_type must be best, worst, mean or none, not \""
                + constantLiarType + "\"");
        }
        nStartupJobs = nStartupJobs == null ? 5 : nStartupJobs;
        nEiCandidates = nEiCandidates == null ? 24 : nEiCandidates;
        linearForgetting = linearForgetting == null ? 25 : linearForgetting;
        priorWeight = priorWeight == null ? 1.0 : priorWeight;
        require(nStartupJobs >= 0, "n_startup_jobs must be >= 0: " + nStartupJobs);
        require(nEiCandidates >= 1, "n_ei_candidates must be >= 1: " + nEiCandidates);
        require(linearForgetting >= 1, "linear_forgetting must be >= 1: " + linearForgetting);
        require(priorWeight > 0 && Double.isFinite(priorWeight), "prior_weight must be > 0: " + priorWeight);
        require(gamma == null || (gamma > 0 && Double.isFinite(gamma)), "gamma must be > 0: " + gamma);
    }

    /**
     * The settings of the TPE models inside BOHB and ASHA-tpe: the defaults without the second basin and the local
     * step, with {@link #MULTI_FIDELITY_DIVERSITY} (neither session 11 change was measured on multi-fidelity runs),
     * and the exploration floor's stall test without session 21's tolerance (not measured there either).
     */
    public static TpeSettings multiFidelitySettings() {
        TpeSettings d = defaults().settings();
        return d.withoutRunRules(MULTI_FIDELITY_DIVERSITY).withFloor(d.floor().withTolerance(0));
    }

    /** All defaults. */
    public static TpeArgs defaults() {
        return new TpeArgs(null, null, null, null, null, null);
    }

    private static void require(boolean ok, String message) {
        if (!ok) {
            throw new IllegalArgumentException("tpe_args." + message);
        }
    }

    /** The kernel's settings. */
    public TpeSettings settings() {
        return new TpeSettings(nStartupJobs, nEiCandidates, linearForgetting, priorWeight,
            gamma == null ? 0 : gamma, LINEAR_GAMMA, BANDWIDTH_FACTOR, BAD_CAP, INDEPENDENT_SHARE, INDEPENDENT_AFTER,
            TpeSettings.Liar.valueOf(constantLiarType.toUpperCase(Locale.ROOT)), DIVERSITY, FLOOR,
            INDEPENDENT_IN_FLIGHT, GOOD_IN_FLIGHT, BASIN, REFINE, SPREAD, IN_FLIGHT_BAD, PORTFOLIO, FLIGHT_REFINE,
            PROBE);
    }
}
