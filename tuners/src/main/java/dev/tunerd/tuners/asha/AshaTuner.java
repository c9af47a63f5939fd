package dev.tunerd.tuners.asha;

import dev.tunerd.spi.IntermediateResult;
import dev.tunerd.spi.NamesParameterIds;
import dev.tunerd.spi.NoMoreTrialsException;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.ReceivesIntermediateResults;
import dev.tunerd.spi.Snapshotting;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.tuners.common.ChoiceScout;
import dev.tunerd.tuners.common.RankAgreement;
import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.common.RungValue;
import dev.tunerd.tuners.common.SnapshotJson;
import dev.tunerd.tuners.hyperband.BudgetedParameters;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Asynchronous successive halving as an advisor (Li et al. 2020, "A System for Massively Parallel Hyperparameter
 * Tuning"): rungs at budgets {@code max_budget / eta^k} (see {@link AshaArgs#budgets}). Every request is answered
 * at once, so a free worker never
 * waits for a rung to fill: the best configuration of the top {@code 1/eta} of the highest rung that has one not yet
 * promoted goes up one rung; otherwise a new configuration starts at the bottom rung. A trial completes its rung with
 * its final result, or, when it ended without one, with the last intermediate result it reported; a trial with
 * neither is not recorded. Ids are {@code "r<rung>_<n>"}, {@code n} the configuration's number; parameters carry
 * {@code TRIAL_BUDGET}.
 *
 * <p>tunerd's rank check ({@code rank_agreement}, {@link RankAgreement}): a rung is used only where ranking at its
 * budget agrees with ranking at the top, judged on the intermediate results of the configurations that started at the
 * top (promoted ones were chosen by the rungs under test, so they would flatter or damn them); new configurations
 * start at the lowest such rung, at the top until {@value #MIN_FULL_CURVES} full trainings exist. A running trial's
 * intermediate results travel with a snapshot (a resume replays only what came after it, so a curve left out would come
 * back cut short and be read at the wrong budgets). Not thread-safe (see {@link Tuner}).
 */
public final class AshaTuner implements Tuner, NamesParameterIds, ReceivesIntermediateResults, Snapshotting {
    private static final System.Logger LOG = System.getLogger(AshaTuner.class.getName());
    /**
     * Full trainings needed before a lower rung may decide anything (see {@link RankAgreement}): 30 since issue 13
     * session 10 (10 before, as Hyperband's; with complete evidence a rung could agree by chance on 10 and mislead;
     * docs/benchmarks/s10.md). ASHA's own: Hyperband, BOHB and SuccessiveHalving keep theirs.
     */
    static final int MIN_FULL_CURVES = 30;
    private static final int AGREEMENT_WINDOW = 100;

    /** A trial in flight: which configuration, at which rung, and the last value it reported so far. */
    private static final class Running {
        final int counter;
        final int rung;
        final JsonObject params;
        long sequence = -1;
        double loss = Double.NaN;
        final List<Double> history = new ArrayList<>(); // intermediate losses in sequence order
        boolean fresh; // started at this rung rather than promoted to it
        boolean finalSeen;
        boolean recorded;

        Running(int counter, int rung, JsonObject params) {
            this.counter = counter;
            this.rung = rung;
            this.params = params;
        }
    }

    private final int[] budgets;
    private final int eta;
    private final OptimizeMode mode;
    private final ConfigSampler sampler;
    private final List<AshaRung> rungs = new ArrayList<>();
    private final RankAgreement agreement;
    /** How a trial's value at its rung is read from its reports ({@code rung_share}; the last one by default). */
    private final RungValue rungValue;
    private final Map<Long, Running> trials = new LinkedHashMap<>();
    // trials that ended without a FINAL (recorded on their last intermediate result, or not at all): one may still come;
    // the most recent KEPT_AWAITING only, since they travel with a snapshot
    private final Map<Long, Running> awaitingFinal = new LinkedHashMap<>() {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, Running> eldest) {
            return size() > KEPT_AWAITING;
        }
    };
    static final int KEPT_AWAITING = 64;
    private int counter;
    private SearchSpace space;

    public AshaTuner(AshaArgs args, long seed) {
        this.budgets = args.budgets();
        this.eta = args.eta();
        this.mode = args.mode();
        this.sampler = new ConfigSampler(args.sampler().equals("tpe"), budgets.length, Rng.withSeed(seed),
            new ChoiceScout(args.choiceScout()));
        this.agreement = new RankAgreement(args.rankAgreement(), MIN_FULL_CURVES, AGREEMENT_WINDOW);
        this.rungValue = args.rungValue();
        for (int i = 0; i < budgets.length; i++) {
            rungs.add(new AshaRung());
        }
    }

    @Override
    public void updateSearchSpace(JsonObject searchSpace) {
        BudgetedParameters.checkSpace(searchSpace);
        SearchSpace parsed = SearchSpace.parse(searchSpace, SearchSpace.ALL_TYPES);
        parsed.warnings().forEach(w -> LOG.log(Level.WARNING, w));
        space = parsed;
        sampler.useSpace(parsed, rungs);
    }

    @Override
    public JsonValue generateParameters(long parameterId) throws NoMoreTrialsException {
        if (space == null) {
            throw new IllegalStateException("ASHA has no search space yet");
        }
        int lowest = lowestTrustedRung();
        for (int k = budgets.length - 2; k >= lowest; k--) {
            AshaRung.Done up = rungs.get(k).promotable(eta);
            if (up != null) {
                rungs.get(k).promoted.add(up.counter());
                return start(parameterId, up.counter(), k + 1, up.params());
            }
        }
        List<JsonObject> inFlight = new ArrayList<>();
        trials.values().forEach(t -> inFlight.add(t.params));
        JsonValue p = start(parameterId, counter++, lowest, sampler.next(inFlight));
        trials.get(parameterId).fresh = true;
        return p;
    }

    /**
     * The rung new configurations start at: the lowest rung from which every rung up to the top ranks configurations
     * as the full trainings so far rank them ({@link RankAgreement}); the top rung (full trainings) until then.
     */
    int lowestTrustedRung() {
        int k = budgets.length - 1;
        while (k > 0 && agreement.trusts(k - 1)) {
            k--;
        }
        return k;
    }

    private JsonValue start(long id, int configCounter, int rung, JsonObject params) {
        trials.put(id, new Running(configCounter, rung, params));
        return BudgetedParameters.with(params, budgets[rung]);
    }

    /** For tests and the bench: the budget of the rung whose TPE model draws new configurations, -1 without one. */
    public int modelBudget() {
        return space == null || !sampler.modelled() ? -1 : budgets[sampler.modelRung()];
    }

    @Override
    public String wireParameterId(long parameterId) {
        Running t = trials.get(parameterId);
        return t == null ? null : "r" + t.rung + "_" + t.counter;
    }

    @Override
    public void wireIdsInUse(Collection<String> wireIds) {
        for (String w : wireIds) {
            int cut = w.lastIndexOf('_');
            try {
                counter = Math.max(counter, Integer.parseInt(w.substring(cut + 1)) + 1);
            } catch (NumberFormatException | IndexOutOfBoundsException e) {
                // not one of ours
            }
        }
    }

    @Override
    public long nameCounterBound() {
        return counter;
    }

    @Override
    public void continueNamesFrom(long bound) {
        counter = (int) Math.max(counter, Math.min(bound, Integer.MAX_VALUE));
    }

    @Override
    public void receiveTrialResult(TrialResult result) {
        Running t = trials.containsKey(result.parameterId()) ? trials.get(result.parameterId())
            : awaitingFinal.remove(result.parameterId());
        if (t == null || t.finalSeen) {
            return;
        }
        t.loss = mode.toLoss(result.scalar());
        t.finalSeen = true;
        if (!t.recorded) {
            record(t);
        } else { // a FINAL after the trial's end: it replaces the last intermediate result the rung took then
            AshaRung rung = rungs.get(t.rung);
            rung.replace(t.counter, value(t));
            sampler.refill(t.rung, rung.done());
        }
    }

    @Override
    public void receiveIntermediateResult(IntermediateResult result) {
        Running t = trials.get(result.parameterId());
        if (t != null && !t.finalSeen && result.sequence() >= t.sequence) {
            t.sequence = result.sequence();
            t.loss = mode.toLoss(result.scalar());
            t.history.add(t.loss);
        }
    }

    @Override
    public void trialEnd(long parameterId, boolean success) {
        Running t = trials.remove(parameterId);
        if (t != null && !t.recorded && !Double.isNaN(t.loss)) {
            record(t);
        }
        if (t != null && !t.finalSeen) {
            if (!rungValue.smooths()) { // read by record already; only the FINAL may still matter (read with them)
                t.history.clear();
            }
            awaitingFinal.put(parameterId, t);
        }
    }

    /** The trial's value at its rung: its final result or last report, read with its window ({@link RungValue}). */
    private double value(Running t) {
        if (t.finalSeen) {
            return rungValue.withFinal(t.history, t.loss);
        }
        return t.history.isEmpty() ? t.loss : rungValue.of(t.history); // a state from before the history travelled
    }

    private void record(Running t) {
        t.recorded = true;
        double value = value(t);
        rungs.get(t.rung).add(new AshaRung.Done(t.counter, t.params, value));
        sampler.observe(t.rung, t.params, value);
        int top = budgets.length - 1;
        if (t.rung == top && top > 0 && t.fresh && !t.history.isEmpty()) {
            // a full training's value at each lower rung's budget, read off its intermediate results (atBudgets);
            // only configurations that started at the top count: promoted ones were chosen by the rungs under test
            agreement.record(RankAgreement.atBudgets(rungValue.series(t.history), Arrays.copyOf(budgets, top),
                budgets[top]), value);
        }
    }

    @Override
    public JsonValue snapshot() {
        List<JsonValue> rs = new ArrayList<>();
        for (AshaRung r : rungs) {
            List<JsonValue> done = new ArrayList<>();
            r.done().forEach(d -> done.add(JsonArray.of(JsonFloat.of(d.counter()), d.params(), JsonFloat.of(d.loss()))));
            rs.add(JsonObject.builder().put("done", new JsonArray(done))
                .put("promoted", SnapshotJson.ints(r.promoted.stream().mapToInt(Integer::intValue).sorted().toArray()))
                .build());
        }
        JsonObject.Builder out = JsonObject.builder().put("counter", counter).put("rng", sampler.rngState())
            .put("rungs", new JsonArray(rs)).put("running", trialsState(trials))
            .put("agreement", agreement.snapshot()).put("scouted", sampler.scoutState());
        if (!awaitingFinal.isEmpty()) { // a FINAL after the end still counts after a resume (issue 13 session 31)
            out.put("awaitingFinal", trialsState(awaitingFinal));
        }
        return out.build();
    }

    private static JsonArray trialsState(Map<Long, Running> byId) {
        List<JsonValue> out = new ArrayList<>();
        byId.forEach((id, t) -> out.add(JsonArray.of(JsonFloat.of(id), JsonFloat.of(t.counter),
            JsonFloat.of(t.rung), t.params, JsonFloat.of(t.sequence), JsonFloat.of(t.loss),
            JsonFloat.of(t.finalSeen ? 1 : 0), JsonFloat.of(t.recorded ? 1 : 0), JsonFloat.of(t.fresh ? 1 : 0),
            SnapshotJson.doubles(t.history))));
        return new JsonArray(out);
    }

    @Override
    public void restore(JsonValue state) {
        JsonObject s = SnapshotJson.object(state, "ASHA");
        List<JsonValue> rs = SnapshotJson.arrayMember(s, "rungs").values();
        if (rs.size() != rungs.size()) {
            throw new IllegalArgumentException("ASHA snapshot has " + rs.size() + " rungs, expected " + rungs.size());
        }
        sampler.reset(SnapshotJson.longMember(s, "rng"));
        sampler.restoreScouts(s.get("scouted")); // absent in states written before issue 13 session 30
        for (int k = 0; k < rs.size(); k++) {
            JsonObject r = SnapshotJson.object(rs.get(k), "ASHA rung");
            AshaRung rung = rungs.get(k);
            rung.clear();
            for (JsonValue d : SnapshotJson.arrayMember(r, "done").values()) {
                List<JsonValue> f = SnapshotJson.asArray(d).values();
                int c = SnapshotJson.integer(SnapshotJson.element(f, 0, "done entry"), "done configuration");
                JsonObject params = fitting(SnapshotJson.objectField(SnapshotJson.element(f, 1, "done entry"),
                    "done params"));
                double loss = SnapshotJson.number(SnapshotJson.element(f, 2, "done entry"), "done loss");
                rung.add(new AshaRung.Done(c, params, loss));
                sampler.observe(k, params, loss);
            }
            for (int c : SnapshotJson.toInts(SnapshotJson.member(r, "promoted"))) {
                rung.promoted.add(c);
            }
        }
        readTrials(SnapshotJson.arrayMember(s, "running"), trials);
        // absent when no ended trial waited for its FINAL (and in states written before issue 13 session 31)
        readTrials(s.get("awaitingFinal") == null ? JsonArray.EMPTY : SnapshotJson.arrayMember(s, "awaitingFinal"),
            awaitingFinal);
        counter = (int) SnapshotJson.longMember(s, "counter");
        if (s.get("agreement") != null) { // snapshots before the rank check have none
            agreement.restore(s.get("agreement"));
        }
    }

    /** {@code params} of a snapshot, or an error when they do not fit the search space (a model would fail later). */
    private JsonObject fitting(JsonObject params) {
        if (space == null) { // restored before a search space (the daemon sets it first): nothing to check against
            return params;
        }
        space.misfit(params).ifPresent(why -> {
            throw new IllegalArgumentException("ASHA snapshot params do not fit the search space: " + why);
        });
        return params;
    }

    private void readTrials(JsonArray state, Map<Long, Running> into) {
        into.clear();
        for (JsonValue v : state.values()) {
            List<JsonValue> f = SnapshotJson.asArray(v).values();
            int rung = SnapshotJson.integer(SnapshotJson.element(f, 2, "trial"), "trial rung");
            if (rung < 0 || rung >= budgets.length) {
                throw new IllegalArgumentException("ASHA snapshot: a trial's rung must be 0.." + (budgets.length - 1)
                    + ", got " + rung);
            }
            Running t = new Running(SnapshotJson.integer(f.get(1), "trial configuration"), rung,
                fitting(SnapshotJson.objectField(SnapshotJson.element(f, 3, "trial"), "trial params")));
            t.sequence = (long) SnapshotJson.number(SnapshotJson.element(f, 4, "trial"), "trial sequence");
            t.loss = SnapshotJson.number(SnapshotJson.element(f, 5, "trial"), "trial loss");
            t.finalSeen = SnapshotJson.number(SnapshotJson.element(f, 6, "trial"), "trial final flag") != 0;
            t.recorded = SnapshotJson.number(SnapshotJson.element(f, 7, "trial"), "trial recorded flag") != 0;
            t.fresh = f.size() > 8 && SnapshotJson.number(f.get(8), "trial fresh flag") != 0;
            if (f.size() > 9) { // states written before the history travelled have none
                t.history.addAll(SnapshotJson.toDoubles(f.get(9)));
            }
            into.put((long) SnapshotJson.number(f.get(0), "trial parameter id"), t);
        }
    }

    /** For tests: configurations recorded at each rung. */
    Map<Integer, Integer> rungSizes() {
        Map<Integer, Integer> out = new HashMap<>();
        for (int k = 0; k < rungs.size(); k++) {
            out.put(k, rungs.get(k).done().size());
        }
        return out;
    }
}
