package dev.tunerd.tuners.tpe.kernel;

/**
 * The numbers that steer {@link TpeSampler}. Immutable and thread-safe.
 *
 * @param startupTrials   observations of a group before the model replaces random sampling
 * @param eiCandidates    candidates drawn from the good density per suggestion
 * @param linearForgetting observations at full weight; older bad ones ramp down linearly (NNI/hyperopt), and the
 *                        cap on the number of good ones
 * @param priorWeight     weight of the prior component in both densities
 * @param gammaSqrt       when positive, NNI's rule: {@code ceil(gammaSqrt * sqrt(n))} good observations
 * @param gammaLinear     otherwise the linear rule: {@code ceil(gammaLinear * n)} good observations
 * @param bandwidthFactor numeric bandwidth {@code factor * m^(-1 / (d + 4))} for a mixture of m components over d
 *                        numeric dimensions (Scott's rule shape)
 * @param badCap          at most this many (most recent) bad observations enter the bad density, which bounds the
 *                        cost of a suggestion however long the experiment runs
 * @param independentShare share of suggestions made the univariate way (each parameter drawn and scored on its own
 *                        marginal densities, as NNI/hyperopt); the rest use the joint (multivariate) densities
 * @param independentAfter observations of a group before univariate suggestions start (early on, the joint model
 *                        is better; later, recombining good values per parameter escapes local basins)
 * @param liar            what value trials in flight are assumed to get
 * @param diversity       when positive, a candidate closer to a trial in flight than this many bandwidths of the
 *                        good density (per group, see {@code PendingRows}) is not proposed while another is left
 * @param floor           the floor under exploration ({@link ExplorationFloor})
 * @param independentInFlight when positive, with K trials in flight in a group the univariate share rises to
 *                        {@code s + (1 - s) K / (K + independentInFlight)} (s = {@code independentShare}): halfway
 *                        to 1 when K equals it; 0 leaves the share as it is whatever is in flight
 * @param goodInFlight    with K trials in flight in a group (and no liar), the good set is sized for
 *                        {@code n - goodInFlight * K} observations instead of n ({@link #goodCount(int, int)}): a
 *                        greedier good density while a batch is being drawn from it; 0 sizes it for n
 * @param basin           the second model of a group whose good set has collapsed ({@link SecondBasin})
 * @param refine          the local refinement step late in a run ({@link LocalRefine}; {@code NONE}: off)
 * @param spread          the start-up draws while trials are in flight ({@link SpreadStartup}; {@code NONE}: as
 *                        sequential)
 * @param inFlightBad     with no liar, each trial in flight of a group enters its bad density as a component of this
 *                        weight (a completed observation weighs 1, {@code PendingRows.appendTo}); the good set is not
 *                        touched. 0: trials in flight act only through the diversity rule
 * @param portfolio     a share of the batch kept near the best observation while trials are in flight
 *                      ({@link BatchPortfolio}; {@code NONE}: off)
 * @param flightRefine  the local step while trials are in flight ({@link FlightRefine}; {@code NONE}: as
 *                      sequential)
 * @param probe         GP suggestions while the run has stalled ({@link ModelProbe}; {@code NONE}: off)
 */
public record TpeSettings(int startupTrials, int eiCandidates, int linearForgetting, double priorWeight,
                          double gammaSqrt, double gammaLinear, double bandwidthFactor, int badCap, double independentShare,
                          int independentAfter, Liar liar, double diversity, ExplorationFloor floor,
                          double independentInFlight, double goodInFlight, SecondBasin basin, LocalRefine refine,
                          SpreadStartup spread, double inFlightBad, BatchPortfolio portfolio,
                          FlightRefine flightRefine, ModelProbe probe) {

    /**
     * What trials in flight count as: the constant-liar strategies of NNI's {@code constant_liar_type} (the best,
     * worst or mean observed loss; {@code WORST} ranks them below every observation, which is Optuna's
     * {@code constant_liar}: trials in flight in the bad group), or {@code MODEL}: per trial in flight a lie drawn
     * from the model itself, the best loss with the probability the fitted densities give its point of being good
     * ({@code gamma l / (gamma l + (1 - gamma) g)}), else the worst.
     */
    public enum Liar { NONE, BEST, WORST, MEAN, MODEL }

    /** Without the model probe (the settings before session 17). */
    public TpeSettings(int startupTrials, int eiCandidates, int linearForgetting, double priorWeight,
                       double gammaSqrt, double gammaLinear, double bandwidthFactor, int badCap,
                       double independentShare, int independentAfter, Liar liar, double diversity,
                       ExplorationFloor floor, double independentInFlight, double goodInFlight, SecondBasin basin,
                       LocalRefine refine, SpreadStartup spread, double inFlightBad, BatchPortfolio portfolio,
                       FlightRefine flightRefine) {
        this(startupTrials, eiCandidates, linearForgetting, priorWeight, gammaSqrt, gammaLinear, bandwidthFactor,
            badCap, independentShare, independentAfter, liar, diversity, floor, independentInFlight, goodInFlight,
            basin, refine, spread, inFlightBad, portfolio, flightRefine, ModelProbe.NONE);
    }

    /** Without the batch portfolio and the local step's own numbers in flight (the settings before session 14). */
    public TpeSettings(int startupTrials, int eiCandidates, int linearForgetting, double priorWeight,
                       double gammaSqrt, double gammaLinear, double bandwidthFactor, int badCap,
                       double independentShare, int independentAfter, Liar liar, double diversity,
                       ExplorationFloor floor, double independentInFlight, double goodInFlight, SecondBasin basin,
                       LocalRefine refine, SpreadStartup spread, double inFlightBad) {
        this(startupTrials, eiCandidates, linearForgetting, priorWeight, gammaSqrt, gammaLinear, bandwidthFactor,
            badCap, independentShare, independentAfter, liar, diversity, floor, independentInFlight, goodInFlight,
            basin, refine, spread, inFlightBad, BatchPortfolio.NONE, FlightRefine.NONE);
    }

    /** Without the diversity rule, the exploration floor and the univariate rise in flight. */
    public TpeSettings(int startupTrials, int eiCandidates, int linearForgetting, double priorWeight,
                       double gammaSqrt, double gammaLinear, double bandwidthFactor, int badCap,
                       double independentShare, int independentAfter, Liar liar) {
        this(startupTrials, eiCandidates, linearForgetting, priorWeight, gammaSqrt, gammaLinear, bandwidthFactor,
            badCap, independentShare, independentAfter, liar, 0, ExplorationFloor.NONE, 0, 0, SecondBasin.NONE,
            LocalRefine.NONE, SpreadStartup.NONE, 0, BatchPortfolio.NONE, FlightRefine.NONE);
    }

    /** Without the start-up spread and trials in flight in the bad density (the settings before session 13). */
    public TpeSettings(int startupTrials, int eiCandidates, int linearForgetting, double priorWeight,
                       double gammaSqrt, double gammaLinear, double bandwidthFactor, int badCap,
                       double independentShare, int independentAfter, Liar liar, double diversity,
                       ExplorationFloor floor, double independentInFlight, double goodInFlight, SecondBasin basin,
                       LocalRefine refine) {
        this(startupTrials, eiCandidates, linearForgetting, priorWeight, gammaSqrt, gammaLinear, bandwidthFactor,
            badCap, independentShare, independentAfter, liar, diversity, floor, independentInFlight, goodInFlight,
            basin, refine, SpreadStartup.NONE, 0, BatchPortfolio.NONE, FlightRefine.NONE);
    }

    /** Without the second basin and the local step (the settings before them). */
    public TpeSettings(int startupTrials, int eiCandidates, int linearForgetting, double priorWeight,
                       double gammaSqrt, double gammaLinear, double bandwidthFactor, int badCap,
                       double independentShare, int independentAfter, Liar liar, double diversity,
                       ExplorationFloor floor, double independentInFlight, double goodInFlight) {
        this(startupTrials, eiCandidates, linearForgetting, priorWeight, gammaSqrt, gammaLinear, bandwidthFactor,
            badCap, independentShare, independentAfter, liar, diversity, floor, independentInFlight, goodInFlight,
            SecondBasin.NONE, LocalRefine.NONE, SpreadStartup.NONE, 0,
            BatchPortfolio.NONE, FlightRefine.NONE);
    }

    public TpeSettings {
        if (startupTrials < 0 || eiCandidates < 1 || linearForgetting < 1 || !(priorWeight > 0) || badCap < 1
            || !(bandwidthFactor > 0) || !(independentShare >= 0 && independentShare <= 1) || independentAfter < 0
            || !(gammaSqrt > 0 || gammaLinear > 0) || !(diversity >= 0 && diversity < 100) || liar == null
            || floor == null || !(independentInFlight >= 0 && independentInFlight < 1e6)
            || !(goodInFlight >= 0 && goodInFlight <= 1) || basin == null || refine == null || spread == null
            || !(inFlightBad >= 0 && inFlightBad <= 1) || portfolio == null
            || flightRefine == null || probe == null) {
            throw new IllegalArgumentException("invalid TPE settings: " + startupTrials + ", " + eiCandidates + ", "
                + linearForgetting + ", " + priorWeight + ", " + gammaSqrt + ", " + gammaLinear + ", "
                + bandwidthFactor + ", " + badCap + ", " + liar + ", " + diversity + ", " + independentInFlight + ", "
                + goodInFlight + ", " + inFlightBad);
        }
    }

    /** The same settings with another model probe. */
    public TpeSettings withProbe(ModelProbe otherProbe) {
        return new TpeSettings(startupTrials, eiCandidates, linearForgetting, priorWeight, gammaSqrt, gammaLinear,
            bandwidthFactor, badCap, independentShare, independentAfter, liar, diversity, floor, independentInFlight,
            goodInFlight, basin, refine, spread, inFlightBad, portfolio, flightRefine, otherProbe);
    }

    /** The same settings with another exploration floor. */
    public TpeSettings withFloor(ExplorationFloor otherFloor) {
        return new TpeSettings(startupTrials, eiCandidates, linearForgetting, priorWeight, gammaSqrt, gammaLinear,
            bandwidthFactor, badCap, independentShare, independentAfter, liar, diversity, otherFloor,
            independentInFlight, goodInFlight, basin, refine, spread, inFlightBad, portfolio, flightRefine, probe);
    }

    /** The same settings with another start-up spread. */
    public TpeSettings withSpread(SpreadStartup otherSpread) {
        return withRunRules(diversity, basin, refine, otherSpread, inFlightBad, portfolio, flightRefine);
    }

    /** The same settings with another weight for trials in flight in the bad density. */
    public TpeSettings withInFlightBad(double weight) {
        return withRunRules(diversity, basin, refine, spread, weight, portfolio, flightRefine);
    }

    /** The same settings with another batch portfolio. */
    public TpeSettings withPortfolio(BatchPortfolio otherPortfolio) {
        return withRunRules(diversity, basin, refine, spread, inFlightBad, otherPortfolio, flightRefine);
    }

    /** The same settings with another local step while trials are in flight. */
    public TpeSettings withFlightRefine(FlightRefine other) {
        return withRunRules(diversity, basin, refine, spread, inFlightBad, portfolio, other);
    }

    /**
     * The same settings without the second basin, the local step (also in flight), the start-up spread, trials in
     * flight in the bad density, the batch portfolio and the model probe, with the given diversity radius: the TPE
     * models inside BOHB and ASHA, whose multi-fidelity runs those rules were not measured on (docs/MODEL_TUNERS.md).
     */
    public TpeSettings withoutRunRules(double diversityRadius) {
        return withRunRules(diversityRadius, SecondBasin.NONE, LocalRefine.NONE, SpreadStartup.NONE, 0,
            BatchPortfolio.NONE, FlightRefine.NONE).withProbe(ModelProbe.NONE);
    }

    /** The same density settings with other run rules (the components every wither above replaces). */
    private TpeSettings withRunRules(double otherDiversity, SecondBasin otherBasin, LocalRefine otherRefine,
                                     SpreadStartup otherSpread, double otherInFlightBad,
                                     BatchPortfolio otherPortfolio, FlightRefine otherFlightRefine) {
        return new TpeSettings(startupTrials, eiCandidates, linearForgetting, priorWeight, gammaSqrt, gammaLinear,
            bandwidthFactor, badCap, independentShare, independentAfter, liar, otherDiversity, floor,
            independentInFlight, goodInFlight, otherBasin, otherRefine, otherSpread, otherInFlightBad, otherPortfolio,
            otherFlightRefine, probe);
    }

    /** The share of univariate suggestions with {@code inFlight} trials in flight in the group. */
    public double independentShare(int inFlight) {
        if (inFlight <= 0 || independentInFlight <= 0) {
            return independentShare;
        }
        return independentShare + (1 - independentShare) * inFlight / (inFlight + independentInFlight);
    }

    /**
     * Number of good observations among {@code n} with {@code inFlight} trials in flight in the group and no liar:
     * those of {@code n - goodInFlight * inFlight} observations ({@link #goodCount(int)}), at least one. With a liar
     * the trials in flight are among the n already (as NNI counts them), and the count is {@code goodCount(n)}.
     */
    public int goodCount(int n, int inFlight) {
        if (inFlight <= 0 || goodInFlight <= 0 || liar != Liar.NONE) {
            return goodCount(n);
        }
        return goodCount(n - (int) Math.round(goodInFlight * inFlight));
    }

    /** Number of good observations among {@code n}: at least one, at most {@code n} and the forgetting cap. */
    public int goodCount(int n) {
        double raw = gammaSqrt > 0 ? gammaSqrt * Math.sqrt(n) : gammaLinear * n;
        int g = (int) Math.ceil(raw - 1e-9);
        return Math.max(1, Math.min(Math.min(n, linearForgetting), g));
    }
}
