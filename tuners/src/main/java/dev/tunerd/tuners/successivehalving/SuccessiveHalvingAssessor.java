package dev.tunerd.tuners.successivehalving;

import dev.tunerd.spi.AssessResult;
import dev.tunerd.spi.Assessor;
import dev.tunerd.spi.Metrics;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.ReceivesTrialParameters;
import dev.tunerd.spi.Snapshotting;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.tuners.common.RankAgreement;
import dev.tunerd.tuners.common.SnapshotJson;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Asynchronous successive halving as an assessor (Li et al. 2020; Optuna's {@code SuccessiveHalvingPruner}): rungs at
 * {@code min_step * eta^k} intermediate results. When a trial reaches a rung, its best value so far is recorded there
 * and the trial goes on only if that value is in the top {@code 1/eta} of every value recorded at the rung (itself
 * included); otherwise it is Bad (the dispatcher sends {@code KI}). Works with any tuner. A rung's record is never
 * cleared: later trials compete with everything that reached it before.
 *
 * <p>tunerd's rank check ({@code rank_agreement}, {@link RankAgreement}): a rung stops trials only where the ranking
 * of its values agrees with the ranking of the last values of the trials that completed successfully without any
 * rung having judged them (the survivors of a rung would be a biased sample); until
 * {@value #MIN_COMPLETED} trials completed, no rung stops anything. With the check on, a rung also stops nothing when
 * less than {@code 1 - 1/eta} of the longest successful training lies beyond it ({@link #early}: issue 13 session 8;
 * a late stop saves little, and the tuner learns only from trials that end with a result). Every trial's value is
 * still recorded at every rung it reaches. A trial running across a restart adds no curve. Not thread-safe (see
 * {@link Assessor}).
 *
 * <p>{@code rank_by} ({@link RungPredictor}, issue 13 session 32): with {@code auto} a rung that decides ranks its
 * trials by a final predicted from their parameters (told by the dispatcher, {@link ReceivesTrialParameters}) and
 * their value there, where that ranks the completed trainings better; with {@code rescue} the prediction only keeps
 * trials the value would stop; with {@code value} (the default) parameters are ignored and the assessor is exactly
 * the one before.
 */
public final class SuccessiveHalvingAssessor implements Assessor, Snapshotting, ReceivesTrialParameters {

    private final OptimizeMode mode;
    private final int minStep;
    private final int eta;
    private final long maxStep;
    private final List<RungRecord> rungs = new ArrayList<>();
    private final Map<String, Integer> rungsPassed = new HashMap<>();
    /** Full trainings needed before a rung may stop anything. */
    static final int MIN_COMPLETED = 10;
    private final RankAgreement agreement;
    private final Map<String, List<Double>> rungValues = new HashMap<>(); // not snapshotted: evidence only
    private final Map<String, Double> lastValue = new HashMap<>();
    private final Map<String, Integer> reported = new HashMap<>(); // intermediate results of running trials
    private final boolean checked; // the rank check is on (rank_agreement above -1)
    /** The most intermediate results a successful trial reported (0: none yet), the training's length. */
    private int horizon;
    /** The final-rank predictor of {@code rank_by}; null with {@code value}. */
    private final RungPredictor predictor;

    public SuccessiveHalvingAssessor(SuccessiveHalvingArgs args) {
        this.mode = args.mode();
        this.minStep = args.minStep();
        this.eta = args.eta();
        this.maxStep = args.maxStep() == null ? Long.MAX_VALUE : args.maxStep();
        this.agreement = new RankAgreement(args.rankAgreement(), MIN_COMPLETED, 100);
        this.checked = args.rankAgreement() > RankAgreement.ALWAYS;
        RungPredictor.Mode rankBy = RungPredictor.Mode.of(args.rankBy());
        this.predictor = rankBy == RungPredictor.Mode.VALUE ? null : new RungPredictor(rankBy);
    }

    @Override
    public void trialParameters(String trialJobId, JsonValue parameters) {
        if (predictor != null) {
            predictor.parameters(trialJobId, parameters);
        }
    }

    /**
     * Whether rung {@code k} may stop trials as far as its place in the training goes: with the rank check on, only a
     * rung that leaves at least {@code 1 - 1/eta} of the longest successful training ahead (its step at most
     * {@code horizon / eta}). A later rung saves less than that per stop, and the tuner learns only from trials that
     * end with a result; until a trial succeeded (and with the check off, Optuna's rule) every rung may.
     */
    boolean early(int k) {
        return !checked || horizon == 0 || rungStep(k) <= horizon / eta;
    }

    /** The step of rung {@code k}: {@code min_step * eta^k}, or MAX_VALUE past {@code max_step}. */
    long rungStep(int k) {
        double step = minStep * Math.pow(eta, k);
        return step > maxStep ? Long.MAX_VALUE : (long) step;
    }

    @Override
    public AssessResult assessTrial(String trialJobId, List<JsonValue> history) {
        int passed = rungsPassed.getOrDefault(trialJobId, 0);
        List<Double> trace = passed == 0 ? rungValues.computeIfAbsent(trialJobId, id -> new ArrayList<>())
            : rungValues.get(trialJobId);
        if (!history.isEmpty()) {
            lastValue.put(trialJobId, mode.toLoss(Metrics.scalar(history.get(history.size() - 1))));
            reported.put(trialJobId, history.size());
        }
        AssessResult verdict = AssessResult.GOOD;
        while (rungStep(passed) <= history.size()) {
            double best = bestLoss(history, (int) rungStep(passed));
            RungRecord rung = rung(passed);
            rung.add(best);
            if (trace != null) {
                trace.add(best);
            }
            if (predictor != null) {
                predictor.reached(trialJobId, passed, best);
            }
            boolean decides = agreement.trusts(passed) && early(passed);
            if (decides && trace != null) { // a trial a rung judged is no longer an unbiased sample: no evidence
                rungValues.remove(trialJobId);
                trace = null;
            }
            Boolean byPrediction = decides && predictor != null ? predictor.survives(trialJobId, passed, best, eta)
                : null;
            passed++;
            boolean keep = byPrediction == null ? rung.inTopFraction(best, eta)
                : byPrediction || predictor.rescuesOnly() && rung.inTopFraction(best, eta);
            if (decides && !keep) {
                verdict = AssessResult.BAD;
                break;
            }
        }
        rungsPassed.put(trialJobId, passed);
        return verdict;
    }

    @Override
    public void trialEnd(String trialJobId, boolean success) {
        rungsPassed.remove(trialJobId);
        List<Double> trace = rungValues.remove(trialJobId);
        Double last = lastValue.remove(trialJobId);
        Integer steps = reported.remove(trialJobId);
        if (predictor != null) {
            predictor.ended(trialJobId, success, last);
        }
        if (success && steps != null) {
            horizon = Math.max(horizon, steps);
        }
        if (success && trace != null && last != null) {
            // the final value ranks against the rungs below the last step; a rung at the last step says nothing
            agreement.record(trace.stream().mapToDouble(Double::doubleValue).toArray(), last);
        }
    }

    /** A count of a snapshot: a whole number, not negative (issue 13 session 31: a tampered one threw later). */
    private static int count(JsonValue v, String what) {
        int n = SnapshotJson.integer(v, "SuccessiveHalving " + what);
        if (n < 0) {
            throw new IllegalArgumentException("snapshot SuccessiveHalving " + what + " must not be negative, got " + n);
        }
        return n;
    }

    private double bestLoss(List<JsonValue> history, int steps) {
        double best = Double.POSITIVE_INFINITY;
        for (int i = 0; i < steps; i++) {
            double loss = mode.toLoss(Metrics.scalar(history.get(i)));
            if (loss < best) {
                best = loss;
            }
        }
        return best;
    }

    private RungRecord rung(int k) {
        while (rungs.size() <= k) {
            rungs.add(new RungRecord());
        }
        return rungs.get(k);
    }

    @Override
    public JsonValue snapshot() {
        List<JsonValue> records = new ArrayList<>();
        rungs.forEach(r -> records.add(SnapshotJson.doubles(r.values())));
        JsonObject.Builder passed = JsonObject.builder();
        new LinkedHashMap<>(rungsPassed).forEach((k, v) -> passed.put(k, v));
        JsonObject.Builder out = JsonObject.builder().put("rungs", new dev.tunerd.spi.json.JsonArray(records))
            .put("passed", passed.build()).put("agreement", agreement.snapshot()).put("horizon", horizon);
        if (predictor != null) {
            out.put("rank_by", predictor.snapshot());
        }
        return out.build();
    }

    @Override
    public void restore(JsonValue state) {
        JsonObject s = SnapshotJson.object(state, "SuccessiveHalving");
        rungs.clear();
        for (JsonValue r : SnapshotJson.arrayMember(s, "rungs").values()) {
            RungRecord record = new RungRecord();
            SnapshotJson.toDoubles(r).forEach(record::add);
            rungs.add(record);
        }
        rungsPassed.clear();
        SnapshotJson.object(SnapshotJson.member(s, "passed"), "SuccessiveHalving passed").members()
            .forEach((k, v) -> rungsPassed.put(k, count(v, "passed")));
        rungValues.clear();
        lastValue.clear();
        reported.clear();
        horizon = s.get("horizon") == null ? 0 : count(s.get("horizon"), "\"horizon\""); // none before session 8
        if (s.get("agreement") != null) { // snapshots before the rank check have none
            agreement.restore(s.get("agreement"));
        }
        if (predictor != null && s.get("rank_by") != null) { // none with rank_by value, nor before session 32
            predictor.restore(s.get("rank_by"));
        }
    }
}
