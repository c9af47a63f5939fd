package dev.tunerd.tuners.curvefitting;

import java.lang.System.Logger.Level;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;

import dev.tunerd.spi.AssessResult;
import dev.tunerd.spi.Assessor;
import dev.tunerd.spi.Metrics;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.Snapshotting;
import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonNull;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.spi.text.SafeText;
import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.common.SnapshotJson;

/**
 * NNI's Curvefitting assessor ({@code curvefitting_assessor.py}): once a trial has {@code start_step} results (and
 * then every {@code gap} results), predict its value at {@code epoch_num} with {@link CurveEnsemble}; stop it when the
 * prediction is at most {@code threshold} times the best final value among the trials that completed successfully.
 * Before any trial has completed, or when the ensemble cannot predict, the trial goes on.
 *
 * <p>Fixed, not copied, from NNI:
 * <ul>
 *   <li>NNI's {@code trial_end} records the last value of whichever trial it assessed last; here each trial's own last
 *       value counts, so concurrent trials do not steal each other's results.</li>
 *   <li>NNI raises in {@code trial_end} when a successful trial reported no curve (or none was assessed yet), which
 *       ends its assessor thread, and nothing is judged afterwards; here such a trial simply does not count.</li>
 *   <li>A curve with a NaN, infinite or non-numeric value is not assessed (logged once per trial) and does not count
 *       as a best value.</li>
 *   <li>Sampling draws from a generator seeded by the trial id and step, so the same curve gets the same decision.</li>
 * </ul>
 * {@code optimize_mode: minimize} (tunerd's addition, for losses) fits the loss turned into a score by
 * {@link LossScore} ({@code 1 / (1 + loss)}: rising and between 0 and 1 like the accuracies NNI's families were built for)
 * and stops a trial whose predicted loss is at least {@code best / threshold}.
 *
 * <p>Its snapshot holds the best completed value and, per running trial, the last value (both as reported) and the
 * step last judged, so a resumed daemon keeps judging against the best of the killed run (NNI forgets it).
 *
 * <p>Not thread-safe (see {@link Assessor}).
 */
public final class CurvefittingAssessor implements Assessor, Snapshotting {
    private static final System.Logger LOG = System.getLogger(CurvefittingAssessor.class.getName());
    /** The snapshot's marker that values are stored as reported. */
    private static final String REPORTED_UNITS = "reported";

    private final int targetEpoch;
    private final int startStep;
    private final double threshold;
    private final int gap;
    private final boolean minimize;
    /** Each running trial's last reported value, as reported. */
    private final Map<String, Double> lastValues = new HashMap<>();
    private final Map<String, Integer> lastJudged = new HashMap<>();
    private final Set<String> unusable = new HashSet<>();
    /** The best completed final value as reported (the lowest when minimising); NaN until one. */
    private double best = Double.NaN;

    public CurvefittingAssessor(CurvefittingArgs args) {
        this.targetEpoch = args.epochNum();
        this.startStep = args.startStep();
        this.threshold = args.threshold();
        this.gap = args.gap();
        this.minimize = args.mode() == OptimizeMode.MINIMIZE;
    }

    @Override
    public AssessResult assessTrial(String trialJobId, List<JsonValue> history) {
        double[] curve = modelCurve(trialJobId, history);
        if (curve == null) {
            return AssessResult.GOOD;
        }
        if (curve.length > 0) {
            lastValues.put(trialJobId, Metrics.scalar(history.get(curve.length - 1)));
        }
        int step = curve.length;
        if (Double.isNaN(best) || step < startStep) {
            return AssessResult.GOOD;
        }
        Integer judged = lastJudged.get(trialJobId);
        if (judged != null && step - judged < gap) {
            return AssessResult.GOOD;
        }
        lastJudged.put(trialJobId, step);
        OptionalDouble predicted = new CurveEnsemble(targetEpoch, curve).predict(samplerFor(trialJobId, step));
        if (predicted.isEmpty() || !Double.isFinite(predicted.getAsDouble())) {
            return AssessResult.GOOD;
        }
        return keeps(predicted.getAsDouble()) ? AssessResult.GOOD : AssessResult.BAD;
    }

    /**
     * NNI: Good when the prediction is above {@code threshold * best}; for losses, Good when the predicted loss is
     * below {@code best / threshold} (a predicted score of 0 or less is an infinite loss).
     */
    private boolean keeps(double prediction) {
        if (!minimize) {
            return prediction > best * threshold;
        }
        return LossScore.loss(prediction) < best / threshold;
    }

    @Override
    public void trialEnd(String trialJobId, boolean success) {
        Double last = lastValues.remove(trialJobId);
        lastJudged.remove(trialJobId);
        boolean wasUnusable = unusable.remove(trialJobId);
        if (!success || last == null || wasUnusable) {
            if (success) {
                LOG.log(Level.INFO, "Curvefitting: trial " + SafeText.of(trialJobId)
                    + " ended without a usable curve; its result does not count");
            }
            return;
        }
        best = Double.isNaN(best) ? last : minimize ? Math.min(best, last) : Math.max(best, last);
        LOG.log(Level.INFO, "Curvefitting: updated completed best performance from trial " + SafeText.of(trialJobId));
    }

    /**
     * The scalar curve the families are fitted to (losses as {@link LossScore} scores); null (logged once) when a value
     * is not a finite number or a loss is at or below -1 (no score).
     */
    private double[] modelCurve(String trialJobId, List<JsonValue> history) {
        if (unusable.contains(trialJobId)) {
            return null;
        }
        double[] curve = new double[history.size()];
        for (int i = 0; i < curve.length; i++) {
            double v;
            try {
                v = Metrics.scalar(history.get(i));
            } catch (IllegalArgumentException e) {
                v = Double.NaN;
            }
            double fed = minimize ? LossScore.score(v) : v;
            if (!Double.isFinite(v) || !Double.isFinite(fed)) {
                unusable.add(trialJobId);
                LOG.log(Level.WARNING, "Curvefitting: trial " + SafeText.of(trialJobId) + " reported a value that is"
                    + " not a finite number" + (Double.isFinite(v) ? " above -1 (a loss)" : "") + " at step "
                    + (i + 1) + "; it is not assessed");
                return null;
            }
            curve[i] = fed;
        }
        return curve;
    }

    @Override
    public JsonValue snapshot() {
        JsonObject.Builder last = JsonObject.builder();
        lastValues.forEach((id, v) -> last.put(id, JsonFloat.of(v)));
        JsonObject.Builder judged = JsonObject.builder();
        lastJudged.forEach((id, n) -> judged.put(id, JsonInt.of(n)));
        List<JsonValue> bad = new java.util.ArrayList<>();
        unusable.forEach(id -> bad.add(new JsonString(id)));
        return JsonObject.builder().put("units", new JsonString(REPORTED_UNITS))
            .put("best", Double.isNaN(best) ? JsonNull.INSTANCE : JsonFloat.of(best))
            .put("last", last.build()).put("judged", judged.build()).put("unusable", new JsonArray(bad)).build();
    }

    @Override
    public void restore(JsonValue state) {
        JsonObject s = SnapshotJson.object(state, "Curvefitting");
        // snapshots written before the "units" key held losses negated (the model's orientation then)
        double sign = minimize && s.get("units") == null ? -1 : 1;
        JsonValue b = SnapshotJson.member(s, "best");
        double restoredBest = b.isNumber() ? sign * b.asDouble() : Double.NaN;
        Map<String, Double> last = new HashMap<>();
        SnapshotJson.object(SnapshotJson.member(s, "last"), "Curvefitting last").members().forEach((id, v) -> {
            if (!v.isNumber()) {
                throw new IllegalArgumentException("Curvefitting snapshot: last value of a trial must be a number");
            }
            last.put(id, sign * v.asDouble());
        });
        Map<String, Integer> judged = new HashMap<>();
        SnapshotJson.object(SnapshotJson.member(s, "judged"), "Curvefitting judged").members().forEach((id, v) -> {
            if (!(v instanceof JsonInt n)) {
                throw new IllegalArgumentException("Curvefitting snapshot: a judged step must be an integer");
            }
            judged.put(id, Math.toIntExact(n.value()));
        });
        Set<String> bad = new HashSet<>();
        for (JsonValue v : SnapshotJson.arrayMember(s, "unusable").values()) {
            if (!(v instanceof JsonString id)) {
                throw new IllegalArgumentException("Curvefitting snapshot: unusable ids must be strings");
            }
            bad.add(id.value());
        }
        best = restoredBest;
        lastValues.clear();
        lastValues.putAll(last);
        lastJudged.clear();
        lastJudged.putAll(judged);
        unusable.clear();
        unusable.addAll(bad);
    }

    private static Rng samplerFor(String trialJobId, int step) {
        return Rng.withSeed(trialJobId.hashCode() * 31L + step);
    }
}
