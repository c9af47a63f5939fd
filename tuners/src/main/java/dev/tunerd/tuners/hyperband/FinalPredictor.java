package dev.tunerd.tuners.hyperband;

import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.tuners.common.SnapshotJson;
import dev.tunerd.tuners.model.QuadraticRidge;
import dev.tunerd.tuners.model.RankScores;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * What a round of successive halving promotes by ({@code promote_by}, issue 13 session 29): instead of the value at
 * the round's budget alone ({@link Rung#best}), a prediction of each configuration's final rank from its parameters
 * (in the unit cube, {@link ConfigFeatures}) and its value at the round's budget, fitted on the full trainings of new
 * configurations so far (random search's configurations trained to {@code R}: their values at the largest bracket's
 * rungs and their final values, at most the last {@link #WINDOW}).
 *
 * <p>Per rung {@code k} of the largest bracket, on the trainings with a value there: the value becomes its empirical
 * quantile among them, the final value its normal score ({@code inverseCdf((rank + 0.5) / n)}), and a {@link
 * QuadraticRidge} on (parameters, quantile) predicts the score. The guard ({@code auto}): the prediction is used only
 * when, over the same trainings, Kendall's tau of the leave-one-out predictions with the finals beats the tau of the
 * values themselves by {@link #GUARD_MARGIN}, and on at least {@link #MIN_ROWS} trainings; otherwise (and always with
 * {@code value}) the round promotes by value exactly as before. {@code model}: the prediction from {@link #MIN_ROWS}
 * trainings on, without the guard.
 *
 * <p>A pure function of the evidence (no randomness; the fit per rung is kept until the evidence changes), and the
 * evidence is in the snapshot, so a resumed advisor promotes as the killed one would have. Not thread-safe.
 */
final class FinalPredictor {
    /** Full trainings kept (the last ones), as the payoff check's window. */
    static final int WINDOW = BracketTuner.EVIDENCE_WINDOW;
    /** Trainings with a value at the rung needed before a prediction is used. */
    static final int MIN_ROWS = 10;
    /**
     * Above this many features (a search space of very many parameters or options) the values decide: the basis grows
     * with the square of the features and a fit's cost with it (about 25 ms at 45 features, 1,080 columns, in the
     * dual form of {@link QuadraticRidge}), while a hundred trainings could not fit it anyway.
     */
    static final int MAX_FEATURES = 64;
    /** How much the leave-one-out predictions' tau must beat the values' before {@code auto} uses them. */
    static final double GUARD_MARGIN = 0.05;

    /** {@code promote_by}'s settings. */
    enum Mode {
        VALUE, MODEL, AUTO;

        /** The mode of a {@code promote_by} value ({@code value}, {@code model}, {@code auto}), else null. */
        static Mode of(String name) {
            for (Mode m : values()) {
                if (m.name().toLowerCase(java.util.Locale.ROOT).equals(name)) {
                    return m;
                }
            }
            return null;
        }
    }

    /**
     * One full training: its features, its values at the largest bracket's rungs (NaN: none), its final value, and its
     * ordinal in the payoff check's evidence ({@link PayoffEvidence#lastOrdinal}; -1 without).
     */
    private record Row(double[] x, double[] values, double finalLoss, int ordinal) {
    }

    /**
     * A rung's fit for one version of the evidence: null model when the values decide; with a model, the held-out
     * predicted score of each training used, by its ordinal.
     */
    private record Fit(long version, QuadraticRidge model, double[] quantiles, Map<Integer, Double> heldOut) {
    }

    private final Mode mode;
    private final int rungs;
    private final Function<JsonObject, double[]> features;
    private final List<Row> rows = new ArrayList<>();
    private long version;
    private final Map<Integer, Fit> fits = new HashMap<>();
    /** Rounds promoted by prediction and by value so far (diagnosis; not in the snapshot). */
    private long byModel;
    private long byValue;

    /**
     * @param rungs    the largest bracket's rungs below the full budget ({@code sMax})
     * @param features a configuration's features in [0, 1] (null when it has none: the values decide)
     */
    FinalPredictor(Mode mode, int rungs, Function<JsonObject, double[]> features) {
        this.mode = mode;
        this.rungs = rungs;
        this.features = features;
    }

    /** A new configuration trained to the full budget ended: {@code values} at the rungs, then {@code finalLoss}. */
    void ended(JsonObject params, double[] values, double finalLoss, int ordinal) {
        double[] x = params == null ? null : features.apply(params);
        if (x == null || values.length != rungs || Double.isNaN(finalLoss)) {
            return;
        }
        if (!rows.isEmpty() && rows.get(0).x.length != x.length) { // the search space changed (NNI lets a user
            rows.clear(); // update it mid-run): the old trainings' features mean something else, so they go
        }
        rows.add(new Row(x, values.clone(), finalLoss, ordinal));
        while (rows.size() > WINDOW) {
            rows.remove(0);
        }
        version++;
    }

    /**
     * The best {@code count} of {@code rung}'s entries with a result, at rung {@code k} of the largest bracket, by
     * predicted final where the mode and the guard allow, else by value ({@link Rung#best}).
     */
    List<Rung.Entry> best(Rung rung, int k, int count) {
        if (mode == Mode.VALUE || k < 0 || k >= rungs) {
            return rung.best(count);
        }
        Fit fit = fit(k);
        if (fit.model == null) {
            byValue++;
            return rung.best(count);
        }
        List<Rung.Entry> ready = rung.entries.stream().filter(Rung.Entry::hasResult).toList();
        Map<Rung.Entry, Double> score = new HashMap<>();
        for (Rung.Entry e : ready) {
            double[] x = e.params == null ? null : features.apply(e.params);
            if (x == null || x.length != rows.get(0).x.length) { // not a point of the space the fit was made in
                byValue++;
                return rung.best(count);
            }
            score.put(e, fit.model.predict(input(x, RankScores.quantile(fit.quantiles, e.loss))));
        }
        byModel++;
        return ready.stream().sorted(Comparator.comparingDouble((Rung.Entry e) -> score.get(e))
            .thenComparingDouble(e -> e.loss).thenComparingInt(e -> e.counter)).limit(count).toList();
    }

    /** Whether rounds at rung {@code k} are promoted by prediction on the evidence as it is now. */
    boolean usesModel(int k) {
        return mode != Mode.VALUE && k >= 0 && k < rungs && fit(k).model != null;
    }

    /**
     * {@code curve} (values at the rungs, then the final value) of the training with payoff ordinal {@code ordinal}, as
     * the payoff checks read it with {@code replay_by_model}: at each rung where rounds now promote by prediction, its
     * held-out predicted score (NaN when it is not among the trainings fitted), so a bracket is replayed by the rule
     * it would be promoted by. A new array.
     */
    double[] rescore(int ordinal, double[] curve) {
        double[] out = curve.clone();
        for (int k = 0; k < rungs && k < curve.length - 1; k++) {
            if (usesModel(k)) {
                Double score = fit(k).heldOut.get(ordinal);
                out[k] = score == null ? Double.NaN : score;
            }
        }
        return out;
    }

    /** Rounds promoted by prediction and by value so far (for diagnosis). */
    long[] tally() {
        return new long[] {byModel, byValue};
    }

    private Fit fit(int k) {
        Fit f = fits.get(k);
        if (f != null && f.version == version) {
            return f;
        }
        f = compute(k);
        fits.put(k, f);
        return f;
    }

    private Fit compute(int k) {
        List<Row> usable = rows.stream().filter(r -> !Double.isNaN(r.values[k])).toList();
        int n = usable.size();
        if (n < MIN_ROWS || usable.get(0).x.length > MAX_FEATURES) {
            return new Fit(version, null, null, null);
        }
        double[] quantiles = usable.stream().mapToDouble(r -> r.values[k]).sorted().toArray();
        double[] finals = usable.stream().mapToDouble(Row::finalLoss).toArray();
        double[] target = RankScores.normalScores(finals);
        double[][] x = new double[n][];
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            Row r = usable.get(i);
            v[i] = r.values[k];
            x[i] = input(r.x, RankScores.quantile(quantiles, v[i]));
        }
        QuadraticRidge model = QuadraticRidge.fit(x, target);
        if (model == null) {
            return new Fit(version, null, null, null);
        }
        double[] loo = model.leaveOneOut();
        if (mode == Mode.AUTO
            && RankScores.kendall(loo, finals) < RankScores.kendall(v, finals) + GUARD_MARGIN) {
            return new Fit(version, null, null, null);
        }
        Map<Integer, Double> heldOut = new HashMap<>();
        for (int i = 0; i < n; i++) {
            if (usable.get(i).ordinal >= 0) {
                heldOut.put(usable.get(i).ordinal, loo[i]);
            }
        }
        return new Fit(version, model, quantiles, heldOut);
    }

    /** The model's input: the features, then the value's quantile. */
    private static double[] input(double[] x, double q) {
        double[] in = Arrays.copyOf(x, x.length + 1);
        in[x.length] = q;
        return in;
    }

    /** For a snapshot: the rows, oldest first. */
    JsonValue snapshot() {
        List<JsonValue> out = new ArrayList<>(rows.size());
        for (Row r : rows) {
            out.add(JsonObject.builder().put("x", doubles(r.x)).put("values", doubles(r.values))
                .put("final", JsonFloat.of(r.finalLoss)).put("ordinal", JsonInt.of(r.ordinal)).build());
        }
        return new JsonArray(out);
    }

    /** Restores {@link #snapshot()}; every row is checked (lengths, a number as the final value). */
    void restore(JsonValue state) {
        List<Row> read = new ArrayList<>();
        for (JsonValue v : SnapshotJson.asArray(state).values()) {
            JsonObject o = SnapshotJson.object(v, "Hyperband promotion evidence: a row");
            double[] x = array(SnapshotJson.member(o, "x"));
            double[] values = array(SnapshotJson.member(o, "values"));
            JsonValue fin = SnapshotJson.member(o, "final");
            if (values.length != rungs || !fin.isNumber() || Double.isNaN(fin.asDouble())
                || !read.isEmpty() && read.get(0).x.length != x.length) {
                throw new IllegalArgumentException("Hyperband promotion evidence: a row needs " + rungs
                    + " values, a numeric final value and as many features as the others");
            }
            long ordinal = o.get("ordinal") == null ? -1 : SnapshotJson.longMember(o, "ordinal");
            if (ordinal < -1 || ordinal > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("Hyperband promotion evidence: ordinal " + ordinal
                    + " out of range");
            }
            read.add(new Row(x, values, fin.asDouble(), (int) ordinal));
        }
        if (read.size() > WINDOW) {
            throw new IllegalArgumentException("Hyperband promotion evidence: " + read.size() + " rows, at most "
                + WINDOW);
        }
        rows.clear();
        rows.addAll(read);
        fits.clear();
        version++;
    }

    private static JsonArray doubles(double[] a) {
        List<Double> l = new ArrayList<>(a.length);
        for (double d : a) {
            l.add(d);
        }
        return SnapshotJson.doubles(l);
    }

    private static double[] array(JsonValue v) {
        return SnapshotJson.toDoubles(v).stream().mapToDouble(Double::doubleValue).toArray();
    }
}
