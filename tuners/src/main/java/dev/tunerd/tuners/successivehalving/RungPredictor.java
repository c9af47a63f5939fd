package dev.tunerd.tuners.successivehalving;

import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.tuners.common.SnapshotJson;
import dev.tunerd.tuners.model.QuadraticRidge;
import dev.tunerd.tuners.model.RankScores;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a rung ranks its trials by ({@code rank_by}, issue 13 session 32): instead of the best value so far alone, a
 * prediction of each trial's final rank from its parameters ({@link ParameterFeatures}) and that value, the mechanism
 * of Hyperband's {@code promote_by} (session 29) for the assessor. Evidence: the successful trainings whose parameters
 * the assessor was told ({@link dev.tunerd.spi.ReceivesTrialParameters}) and whose every rung it saw, the last
 * {@link #WINDOW}: their best values so far at the rungs and their last value. Per rung {@code k}, on the trainings
 * with a value there: the value becomes its empirical quantile among them, the last value its normal score, and a
 * {@link QuadraticRidge} on (features, quantile) predicts the score. Survivors of earlier rungs count: the regression
 * is of the final given the value at the rung, which their selection (on values at or below that rung) biases little.
 *
 * <p>The guard: the prediction is used at a rung only where, over those trainings, Kendall's tau of its leave-one-out
 * predictions with the last values beats the tau of the rung's values by {@link #GUARD_MARGIN}. {@code auto} then
 * ranks by it; {@code rescue} (issue 13 session 32's choice) only keeps by it a trial the value would stop, and never
 * stops one the value would keep. Otherwise, for a trial without parameters, and while fewer than {@link #MIN_ROWS}
 * trials with parameters reached the rung, the value decides exactly as without it. By the prediction, a trial goes on
 * when its predicted score is among the best {@code max(1, m / eta)} of the {@code m} trials with parameters that
 * reached the rung (itself included). A pure function of the evidence (no randomness; fits and scores are cached until
 * the evidence changes); evidence and rung entries are in the snapshot, the trials running are not (as the rungs'
 * record: a trial running across a restart adds no evidence). Not thread-safe.
 */
final class RungPredictor {
    /** Successful trainings kept (the last ones). */
    static final int WINDOW = 100;
    /** Trainings with a value at the rung, and trials with parameters at it, needed before a prediction is used. */
    static final int MIN_ROWS = 10;
    /** Above this many features the values decide (the quadratic basis grows with their square). */
    static final int MAX_FEATURES = 64;
    /** How much the leave-one-out predictions' tau must beat the values' before {@code auto} uses them. */
    static final double GUARD_MARGIN = 0.05;

    /** {@code rank_by}'s settings. */
    enum Mode {
        VALUE, AUTO, RESCUE;

        /** The mode of a {@code rank_by} value ({@code value}, {@code auto}, {@code rescue}), else null. */
        static Mode of(String name) {
            for (Mode m : values()) {
                if (m.name().toLowerCase(Locale.ROOT).equals(name)) {
                    return m;
                }
            }
            return null;
        }
    }

    /** A configuration: its parameters as told, and flattened. */
    private record Config(JsonValue params, Map<String, Object> flat) {
        /** Null when the parameters are too large to flatten ({@link ParameterFeatures#flatten}). */
        static Config of(JsonValue params) {
            Map<String, Object> flat = ParameterFeatures.flatten(params);
            return flat == null ? null : new Config(params, flat);
        }

        /** A snapshot's configuration; a tampered one too large to flatten is refused naming {@code field}. */
        static Config restored(JsonValue params, String field) {
            Config c = of(params);
            if (c == null) {
                throw new IllegalArgumentException("snapshot SuccessiveHalving rank_by " + field + ": parameters with"
                    + " more than " + ParameterFeatures.MAX_NODES + " values or a path or string longer than "
                    + ParameterFeatures.MAX_PATH + " characters");
            }
            return c;
        }
    }

    /** A successful training: its best values so far at the rungs from the first on, and its last value. */
    private record Row(Config config, double[] values, double last) {
    }

    /** A trial with parameters at a rung: its best value so far there. */
    private record Entry(Config config, double loss) {
    }

    /** A trial running: its parameters (null until told) and its values at the rungs from {@code first} on. */
    private static final class Running {
        Config config;
        int first = -1;
        final List<Double> values = new ArrayList<>();
    }

    /** A rung's fit for one version of the evidence; a null model: the values decide. */
    private record Fit(long version, ParameterFeatures encoding, QuadraticRidge model, double[] quantiles) {
    }

    /** A rung's entries' predicted scores under one fit, in entry order. */
    private static final class Scores {
        long version = -1;
        final List<Double> values = new ArrayList<>();
    }

    private final Mode mode;
    private final List<Row> rows = new ArrayList<>();
    private final Map<String, Running> running = new HashMap<>();
    private final List<List<Entry>> rungs = new ArrayList<>();
    private final Map<Integer, Fit> fits = new HashMap<>();
    private final Map<Integer, Scores> scores = new HashMap<>();
    private long version;

    RungPredictor(Mode mode) {
        this.mode = mode;
    }

    /** Whether the prediction only keeps trials ({@code rescue}) instead of ranking them. */
    boolean rescuesOnly() {
        return mode == Mode.RESCUE;
    }

    /**
     * The parameters of {@code trial} (told once, before its first judgement or before its end); parameters too large
     * to flatten leave the trial without (the value decides for it).
     */
    void parameters(String trial, JsonValue params) {
        running.computeIfAbsent(trial, t -> new Running()).config = Config.of(params);
    }

    /** {@code trial} reached rung {@code k} with best value so far {@code loss} (rungs in order). */
    void reached(String trial, int k, double loss) {
        Running r = running.computeIfAbsent(trial, t -> new Running());
        if (r.first < 0) {
            r.first = k;
        }
        r.values.add(loss);
        if (r.config != null) {
            rung(k).add(new Entry(r.config, loss));
        }
    }

    /**
     * Whether {@code trial}, at rung {@code k} with best value so far {@code loss} (already {@link #reached}), is among
     * the best {@code 1/eta} by predicted final; null where the value decides.
     */
    Boolean survives(String trial, int k, double loss, int eta) {
        Running r = running.get(trial);
        if (mode == Mode.VALUE || r == null || r.config == null || rung(k).size() < MIN_ROWS) {
            return null;
        }
        Fit fit = fit(k);
        if (fit.model == null) {
            return null;
        }
        List<Double> all = scores(k, fit);
        double mine = score(fit, r.config, loss);
        int better = 0;
        for (double s : all) {
            better += s < mine ? 1 : 0;
        }
        return better < Math.max(1, all.size() / eta);
    }

    /** {@code trial} ended; a success with its every rung seen becomes evidence, its last value {@code last}. */
    void ended(String trial, boolean success, Double last) {
        Running r = running.remove(trial);
        if (!success || r == null || r.config == null || r.first != 0 || last == null || Double.isNaN(last)) {
            return;
        }
        rows.add(new Row(r.config, r.values.stream().mapToDouble(Double::doubleValue).toArray(), last));
        while (rows.size() > WINDOW) {
            rows.remove(0);
        }
        version++;
    }

    private List<Entry> rung(int k) {
        while (rungs.size() <= k) {
            rungs.add(new ArrayList<>());
        }
        return rungs.get(k);
    }

    private Fit fit(int k) {
        Fit f = fits.get(k);
        if (f == null || f.version != version) {
            f = compute(k);
            fits.put(k, f);
        }
        return f;
    }

    private Fit compute(int k) {
        List<Row> usable = rows.stream().filter(r -> r.values.length > k).toList();
        int n = usable.size();
        if (n < MIN_ROWS) {
            return new Fit(version, null, null, null);
        }
        ParameterFeatures encoding = new ParameterFeatures(usable.stream().map(r -> r.config.flat).toList());
        if (encoding.width() == 0 || encoding.width() > MAX_FEATURES) {
            return new Fit(version, null, null, null);
        }
        double[] v = usable.stream().mapToDouble(r -> r.values[k]).toArray();
        double[] quantiles = v.clone();
        Arrays.sort(quantiles);
        double[] lasts = usable.stream().mapToDouble(Row::last).toArray();
        double[][] x = new double[n][];
        for (int i = 0; i < n; i++) {
            x[i] = input(encoding.encode(usable.get(i).config.flat), RankScores.quantile(quantiles, v[i]));
        }
        QuadraticRidge model = QuadraticRidge.fit(x, RankScores.normalScores(lasts));
        if (model == null
            || RankScores.kendall(model.leaveOneOut(), lasts) < RankScores.kendall(v, lasts) + GUARD_MARGIN) {
            return new Fit(version, null, null, null);
        }
        return new Fit(version, encoding, model, quantiles);
    }

    private List<Double> scores(int k, Fit fit) {
        Scores s = scores.computeIfAbsent(k, key -> new Scores());
        if (s.version != fit.version) {
            s.values.clear();
            s.version = fit.version;
        }
        List<Entry> entries = rung(k);
        for (int i = s.values.size(); i < entries.size(); i++) {
            s.values.add(score(fit, entries.get(i).config, entries.get(i).loss));
        }
        return s.values;
    }

    private static double score(Fit fit, Config c, double loss) {
        return fit.model.predict(input(fit.encoding.encode(c.flat), RankScores.quantile(fit.quantiles, loss)));
    }

    /** The model's input: the features, then the value's quantile. */
    private static double[] input(double[] x, double q) {
        double[] in = Arrays.copyOf(x, x.length + 1);
        in[x.length] = q;
        return in;
    }

    /** For a snapshot: the evidence (oldest first) and every rung's entries. */
    JsonValue snapshot() {
        List<JsonValue> evidence = new ArrayList<>(rows.size());
        for (Row r : rows) {
            evidence.add(JsonObject.builder().put("params", r.config.params).put("values", doubles(r.values))
                .put("last", JsonFloat.of(r.last)).build());
        }
        List<JsonValue> perRung = new ArrayList<>(rungs.size());
        for (List<Entry> entries : rungs) {
            List<JsonValue> out = new ArrayList<>(entries.size());
            entries.forEach(e -> out.add(JsonObject.builder().put("params", e.config.params)
                .put("loss", JsonFloat.of(e.loss)).build()));
            perRung.add(new JsonArray(out));
        }
        return JsonObject.builder().put("evidence", new JsonArray(evidence)).put("rungs", new JsonArray(perRung))
            .build();
    }

    /** Restores {@link #snapshot()}; every part is checked before anything changes. */
    void restore(JsonValue state) {
        JsonObject s = SnapshotJson.object(state, "SuccessiveHalving rank_by");
        List<Row> read = new ArrayList<>();
        for (JsonValue v : SnapshotJson.arrayMember(s, "evidence").values()) {
            JsonObject o = SnapshotJson.object(v, "SuccessiveHalving rank_by evidence");
            double[] values = SnapshotJson.toDoubles(SnapshotJson.member(o, "values")).stream()
                .mapToDouble(Double::doubleValue).toArray();
            read.add(new Row(Config.restored(SnapshotJson.member(o, "params"), "evidence params"), values,
                SnapshotJson.number(SnapshotJson.member(o, "last"), "SuccessiveHalving rank_by last value")));
        }
        if (read.size() > WINDOW) {
            throw new IllegalArgumentException("snapshot SuccessiveHalving rank_by: " + read.size()
                + " trainings of evidence, at most " + WINDOW);
        }
        List<List<Entry>> entries = new ArrayList<>();
        for (JsonValue r : SnapshotJson.arrayMember(s, "rungs").values()) {
            List<Entry> rung = new ArrayList<>();
            for (JsonValue e : SnapshotJson.asArray(r).values()) {
                JsonObject o = SnapshotJson.object(e, "SuccessiveHalving rank_by entry");
                rung.add(new Entry(Config.restored(SnapshotJson.member(o, "params"), "entry params"),
                    SnapshotJson.number(SnapshotJson.member(o, "loss"), "SuccessiveHalving rank_by entry loss")));
            }
            entries.add(rung);
        }
        rows.clear();
        rows.addAll(read);
        rungs.clear();
        rungs.addAll(entries);
        running.clear();
        fits.clear();
        scores.clear();
        version++;
    }

    private static JsonArray doubles(double[] a) {
        return SnapshotJson.doubles(Arrays.stream(a).boxed().toList());
    }
}
