package dev.tunerd.tuners.hyperband;

import dev.tunerd.spi.AlgorithmContext;
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
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.tuners.common.RankAgreement;
import dev.tunerd.tuners.common.RungValue;
import dev.tunerd.tuners.common.SnapshotJson;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What Hyperband and BOHB share as tuners: a {@link BracketEngine}, wire ids named by it, results and intermediate
 * results ranking the rounds, and NNI's credit for a serial bracket (a request that finds nothing to issue is owed:
 * the dispatcher sends {@code NO}; the id is paid through the sender as soon as a round's end makes a configuration
 * available). Subclasses say where new configurations come from and may learn from finished trials. Owed ids belong
 * to this process: they travel with a snapshot only until a resume has replayed the journal (a restarted manager asks
 * again).
 *
 * <p>tunerd's rank check ({@code rank_agreement} above -1, {@link RankAgreement}): the intermediate results of every
 * new configuration trained to the full budget (bracket 0: an unbiased sample) give its value at each smaller budget; a bracket {@code s > 0} starts only when ranking at every
 * budget it halves at agrees with ranking at the full budget, else the engine moves on to the next bracket (down to
 * {@code s = 0}, full trainings, which always runs). Instead of that rule a subclass may ask the payoff check
 * ({@link #checkBracketsByPayoff}, Hyperband's default): a bracket starts when replaying it on the same evidence beats
 * spending its epochs on full trainings. Intermediate results of a full training that arrive after its FINAL or EN
 * still count for the rank check's evidence; the payoff check takes a training's values as they are at its end
 * ({@link PayoffEvidence}). Not thread-safe (see {@link Tuner}).
 */
public abstract class BracketTuner implements Tuner, NamesParameterIds, ReceivesIntermediateResults, Snapshotting {

    protected final BracketEngine engine;
    protected final OptimizeMode mode;
    private final AlgorithmContext context;
    private final ArrayDeque<Long> owed = new ArrayDeque<>();
    /** Full trainings needed before a bracket that halves may start (with the rank check on). */
    static final int MIN_FULL_CURVES = 10;
    /** Full trainings needed before the payoff check ({@link #checkBracketsByPayoff}) lets a bracket that halves start. */
    static final int MIN_PAYOFF_CURVES = 10;
    private final RankAgreement agreement;
    private final Map<Long, List<Double>> fullHistories = new HashMap<>(); // the rank check's evidence, in flight
    /** Full trainings that ended before their values at the rungs arrived: their final values, oldest first. */
    private final Map<Long, Double> awaiting = new java.util.LinkedHashMap<>();
    /** Ended full trainings whose evidence is waited for at most; the oldest goes in with what it has. */
    static final int MAX_AWAITING = 8;
    /** The payoff check's evidence, settled in an order the thread timing does not change; null without the check. */
    private PayoffEvidence payoffEvidence;
    /** With {@code promote_by} other than value: what a round promotes by ({@link FinalPredictor}); null without. */
    private FinalPredictor predictor;
    /** How a trial's value at its budget is read from its reports ({@link #readRungsWith}); the last one by default. */
    private RungValue rungValue = RungValue.LAST;
    /** With a share above 0: the reports of every trial in flight, in sequence order. */
    private final Map<Long, List<Double>> reportsInFlight = new HashMap<>();
    /** The same for trials that ended, kept for a FINAL that may still come (the most recent {@value #KEPT_REPORTS}). */
    private final Map<Long, List<Double>> endedReports = new java.util.LinkedHashMap<>() {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, List<Double>> eldest) {
            return size() > KEPT_REPORTS;
        }
    };
    static final int KEPT_REPORTS = 64;

    /**
     * @param rankAgreement Kendall's tau the rank check needs; -1 (or less) turns it off (NNI's bracket order)
     */
    protected BracketTuner(BracketEngine engine, OptimizeMode mode, AlgorithmContext context, double rankAgreement) {
        this.engine = engine;
        this.mode = mode;
        this.context = context;
        this.agreement = new RankAgreement(Math.max(RankAgreement.ALWAYS, rankAgreement), MIN_FULL_CURVES,
            EVIDENCE_WINDOW);
        if (rankAgreement > RankAgreement.ALWAYS) {
            engine.checkBrackets(this::bracketAgrees);
        }
    }

    /**
     * From now on a bracket {@code s > 0} starts only when replaying it on the evidence beats spending its epochs on
     * full trainings ({@link BracketPayoff}), instead of the Kendall's tau rule of {@code rankAgreement}, with the
     * rules of {@code settings} ({@link PayoffChecks}). Hyperband's default since issue 13 session 7; BOHB does not
     * call it. The evidence is the same (and goes into the snapshot the same way).
     */
    protected final void checkBracketsByPayoff(PayoffSettings settings) {
        PayoffEvidence evidence = new PayoffEvidence(engine.plan(), EVIDENCE_WINDOW,
            settings.holdForDecisions() ? () -> engine.anyInFlight() || !owed.isEmpty() : engine::anyInFlight);
        payoffEvidence = evidence;
        PayoffChecks.install(engine, settings, evidence, fullHistories);
    }

    /**
     * From now on a round promotes by {@code mode} ({@code promote_by}, {@link FinalPredictor}), learning from the full
     * trainings of new configurations; {@code features}: a configuration's point of [0, 1]^F; {@code replayByModel}
     * ({@code replay_by_model}): the payoff checks replay a bracket on the predictor's held-out scores where it
     * promotes by them. Call after {@link #checkBracketsByPayoff}, before the first request.
     */
    final void promoteBy(FinalPredictor.Mode mode, java.util.function.Function<JsonObject, double[]> features,
                         boolean replayByModel) {
        predictor = mode == FinalPredictor.Mode.VALUE ? null
            : new FinalPredictor(mode, engine.plan().sMax(), features);
        engine.ranking = predictor == null ? engine.ranking : predictor::best;
        if (predictor != null && replayByModel && payoffEvidence != null) {
            payoffEvidence.readThrough(predictor::rescore);
        }
    }

    /** The promotion model, or null with {@code promote_by: value} (for tests and diagnosis). */
    final FinalPredictor predictor() {
        return predictor;
    }

    /**
     * From now on a trial's value at its budget (what ranks its round, what {@link #trialDone} is told, and what the
     * rank check reads at each budget and at the end) is read by {@code value} from its last reports instead of being
     * its last report alone (BOHB's {@code rung_share}; issue 13 session 26). Call before the first request.
     */
    protected final void readRungsWith(RungValue value) {
        rungValue = value;
    }

    /** Full trainings a decision looks at (the last ones). */
    static final int EVIDENCE_WINDOW = 100;

    /** Bracket {@code s} halves at the budgets of rungs {@code sMax - s .. sMax - 1} of the largest bracket. */
    private boolean bracketAgrees(int s) {
        int sMax = engine.plan().sMax();
        for (int k = sMax - s; k < sMax; k++) {
            if (!agreement.trusts(k)) {
                return false;
            }
        }
        return true;
    }

    /** A new configuration (without the budget key) to start at {@code budget}. */
    protected abstract JsonObject newConfig(int budget);

    /** A trial ended with a value (its final result, else its last intermediate one); {@code loss}: smaller is better. */
    protected void trialDone(JsonObject params, int budget, double loss) {
    }

    /**
     * A value arrived for a trial that had ended (a FINAL after its EN) and whose value {@code before} was given to
     * {@link #trialDone} already: it is now {@code loss}.
     */
    protected void trialRevised(JsonObject params, int budget, double before, double loss) {
    }

    /** The subclass's own state for a snapshot. */
    protected abstract JsonValue ownState();

    /** Restores {@link #ownState()}. */
    protected abstract void restoreOwnState(JsonValue state);

    /**
     * Why a configuration of a snapshot (without its budget; null: not drawn yet) does not fit the search space, or
     * empty; by default everything fits.
     */
    protected Optional<String> snapshotMisfit(JsonObject params) {
        return Optional.empty();
    }

    /** Whether the search space is set; requests before that are a programming error. */
    protected abstract boolean hasSpace();

    @Override
    public JsonValue generateParameters(long parameterId) throws NoMoreTrialsException {
        JsonValue p = next(parameterId);
        if (p == null) {
            throw new NoMoreTrialsException("the current bracket waits for its round to end");
        }
        return p;
    }

    @Override
    public List<JsonValue> generateMultipleParameters(List<Long> parameterIds) {
        List<JsonValue> out = new ArrayList<>(parameterIds.size());
        for (long id : parameterIds) {
            JsonValue p = next(id);
            if (p == null) {
                owed.addAll(parameterIds.subList(out.size(), parameterIds.size()));
                break;
            }
            out.add(p);
        }
        return out;
    }

    private JsonValue next(long id) {
        if (!hasSpace()) {
            throw new IllegalStateException("no search space yet");
        }
        BracketEngine.Issued issued = engine.issue(id, this::newConfig);
        if (issued == null) {
            return null;
        }
        if (payoffEvidence != null) {
            payoffEvidence.issued();
        }
        return BudgetedParameters.with(issued.params(), issued.budget());
    }

    @Override
    public String wireParameterId(long parameterId) {
        return engine.wireId(parameterId);
    }

    @Override
    public void wireIdsInUse(Collection<String> wireIds) {
        wireIds.forEach(engine::reserve);
    }

    @Override
    public long nameCounterBound() {
        return engine.counter; // configurations drawn but not issued yet count too: a bound, not the last name
    }

    /**
     * Every configuration from now on gets a counter past the previous runs' (finished trials' too), and Hyperband's
     * iteration starts there as well (no run had more iterations than configurations), so no bracket key comes again.
     */
    @Override
    public void continueNamesFrom(long bound) {
        engine.counter = (int) Math.max(engine.counter, Math.min(bound, Integer.MAX_VALUE));
        engine.hb = Math.max(engine.hb, engine.counter);
    }

    @Override
    public void receiveTrialResult(TrialResult result) {
        double loss = mode.toLoss(result.scalar());
        long id = result.parameterId();
        if (rungValue.smooths()) {
            List<Double> before = reportsInFlight.containsKey(id) ? reportsInFlight.remove(id) : endedReports.remove(id);
            loss = rungValue.withFinal(before == null ? List.of() : before, loss);
        }
        report(id, Long.MAX_VALUE, loss);
    }

    /** With a share above 0, adds {@code loss} to the trial's reports and returns their value; else {@code loss}. */
    private double rungValueAfter(long parameterId, double loss) {
        if (!rungValue.smooths() || engine.issued(parameterId) == null || engine.hasEnded(parameterId)) {
            return loss;
        }
        List<Double> reports = reportsInFlight.computeIfAbsent(parameterId, k -> new ArrayList<>());
        reports.add(loss);
        return rungValue.of(reports);
    }

    @Override
    public void receiveIntermediateResult(IntermediateResult result) {
        double loss = mode.toLoss(result.scalar());
        long id = result.parameterId();
        // evidence comes from new configurations trained to the full budget (bracket 0), never from promoted ones; the
        // daemon hands intermediate results over on another queue than FINAL and EN, so some come after those
        if (engine.hasEnded(id) ? awaiting.containsKey(id) : newFullTraining(id)) {
            List<Double> history = fullHistories.computeIfAbsent(id, k -> new ArrayList<>());
            history.add(loss);
            if (awaiting.containsKey(id) && history.size() >= evidenceLength()) {
                settle(id);
            }
        }
        report(id, result.sequence(), rungValueAfter(id, loss));
    }

    private boolean newFullTraining(long parameterId) {
        BracketEngine.Issued issued = engine.issued(parameterId);
        return issued != null && issued.budget() >= engine.plan().maxBudget() && engine.firstRound(parameterId);
    }

    /** Intermediate results a full training must have reported before its values at every rung are known. */
    private int evidenceLength() {
        BracketPlan plan = engine.plan();
        return plan.sMax() == 0 ? 0 : plan.budget(plan.sMax(), plan.sMax() - 1);
    }

    /** An ended full training's evidence goes to the rank check with what arrived of its history. */
    private void settle(long parameterId) {
        List<Double> history = fullHistories.remove(parameterId);
        double finalLoss = awaiting.remove(parameterId);
        if (history != null && !history.isEmpty()) {
            recordFullTraining(history, finalLoss);
        }
    }

    /**
     * Gives a value to the engine; one for a trial that ended already (a FINAL after its EN) revises what the trial
     * told the subclass at its end and re-ranks its round ({@link BracketEngine#lateResult}). Returns whether the
     * engine took the value.
     */
    private boolean report(long parameterId, long sequence, double loss) {
        boolean ended = engine.hasEnded(parameterId);
        double before = engine.loss(parameterId);
        if (!engine.report(parameterId, sequence, loss)) {
            return false;
        }
        if (ended) {
            BracketEngine.Issued issued = engine.issued(parameterId);
            if (Double.isNaN(before)) { // it ended without any value: trialDone was not called then
                trialDone(issued.params(), issued.budget(), loss);
            } else {
                trialRevised(issued.params(), issued.budget(), before, loss);
            }
            engine.lateResult(parameterId);
            payOwed();
        }
        return true;
    }

    @Override
    public void trialEnd(long parameterId, boolean success) {
        BracketEngine.Issued issued = engine.issued(parameterId);
        boolean first = issued != null && !engine.hasEnded(parameterId);
        double loss = engine.loss(parameterId);
        engine.end(parameterId);
        List<Double> reports = reportsInFlight.remove(parameterId);
        if (reports != null) {
            endedReports.put(parameterId, reports);
        }
        List<Double> history = fullHistories.remove(parameterId);
        if (first && !Double.isNaN(loss)) {
            trialDone(issued.params(), issued.budget(), loss);
            if (newFullTraining(parameterId) && payoffEvidence != null) {
                payoffEvidence.ended(history == null ? List.of() : history, loss);
            }
            if (newFullTraining(parameterId) && predictor != null && history != null && !history.isEmpty()) {
                predictor.ended(issued.params(), RankAgreement.atBudgets(history, rungBudgets(),
                    engine.plan().maxBudget()), loss, payoffEvidence == null ? -1 : payoffEvidence.lastOrdinal());
            }
            int[] place = engine.bracketAndRound(parameterId);
            if (payoffEvidence != null && place[0] == engine.plan().sMax() && place[0] > 0 && place[1] == place[0]) {
                payoffEvidence.winner(loss);
            }
            if (newFullTraining(parameterId)) {
                if (history != null && history.size() >= evidenceLength()) {
                    if (!history.isEmpty()) {
                        recordFullTraining(history, loss);
                    }
                } else { // its values at the rungs may still come (see receiveIntermediateResult)
                    fullHistories.put(parameterId, history == null ? new ArrayList<>() : history);
                    awaiting.put(parameterId, loss);
                    while (awaiting.size() > MAX_AWAITING) { // a trial that never reports them is not waited for
                        settle(awaiting.keySet().iterator().next());
                    }
                }
            }
        }
        payOwed();
    }

    /** A full training's value at each budget of the largest bracket ({@link RankAgreement#atBudgets}). */
    private void recordFullTraining(List<Double> history, double finalLoss) {
        agreement.record(RankAgreement.atBudgets(rungValue.series(history), rungBudgets(), engine.plan().maxBudget()),
            finalLoss);
    }

    /** The budgets of the largest bracket's rungs below the full budget. */
    private int[] rungBudgets() {
        BracketPlan plan = engine.plan();
        int[] budgets = new int[plan.sMax()];
        for (int k = 0; k < budgets.length; k++) {
            budgets[k] = plan.budget(plan.sMax(), k);
        }
        return budgets;
    }

    private void payOwed() {
        while (!owed.isEmpty()) {
            long id = owed.peek();
            JsonValue p = next(id);
            if (p == null) {
                return;
            }
            owed.poll();
            context.sender().send(id, p);
        }
    }

    /**
     * The engine, the subclass's state and the owed ids: a resume repeats the calls journalled after a state, and a
     * trial end repeated there must pay the same owed id as before (its set was issued then), so the owed ids travel
     * with the state until the replay is over ({@link #restoreFinished}).
     */
    @Override
    public JsonValue snapshot() {
        List<JsonValue> owedIds = new ArrayList<>(owed.size());
        owed.forEach(id -> owedIds.add(JsonInt.of(id)));
        JsonObject.Builder histories = JsonObject.builder();
        fullHistories.forEach((id, history) -> histories.put(Long.toString(id), SnapshotJson.doubles(history)));
        JsonObject.Builder out = JsonObject.builder().put("engine", EngineState.write(engine)).put("own", ownState())
            .put("agreement", agreement.snapshot()).put("histories", histories.build())
            .put("awaiting", awaitingState()).put("owed", new JsonArray(owedIds));
        if (payoffEvidence != null) {
            out.put("payoff", payoffEvidence.snapshot());
        }
        if (predictor != null) {
            out.put("promotion", predictor.snapshot());
        }
        if (rungValue.smooths()) { // a resume replays only what came after this state: reports left out would be missed
            JsonObject.Builder t = JsonObject.builder();
            reportsInFlight.forEach((id, reports) -> t.put(Long.toString(id), SnapshotJson.doubles(reports)));
            out.put("reports", t.build());
            JsonObject.Builder ended = JsonObject.builder(); // a FINAL after the end reads them (issue 13 session 31)
            endedReports.forEach((id, reports) -> ended.put(Long.toString(id), SnapshotJson.doubles(reports)));
            out.put("endedReports", ended.build());
        }
        return out.build();
    }

    private JsonObject awaitingState() {
        JsonObject.Builder out = JsonObject.builder();
        awaiting.forEach((id, loss) -> out.put(Long.toString(id), JsonFloat.of(loss)));
        return out.build();
    }

    private static Long parseId(String id) {
        try {
            return Long.parseLong(id);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    @Override
    public void restore(JsonValue state) {
        JsonObject s = SnapshotJson.object(state, getClass().getSimpleName());
        EngineState.read(engine, SnapshotJson.member(s, "engine"));
        EngineState.checkFits(engine, this::snapshotMisfit, getClass().getSimpleName());
        restoreOwnState(SnapshotJson.member(s, "own"));
        if (s.get("agreement") != null) { // snapshots before the rank check have none
            agreement.restore(s.get("agreement"));
        }
        // the evidence of full trainings still running: a resume replays only what came after this state, so a history
        // left out here would come back cut short and be read at the wrong budgets
        String name = getClass().getSimpleName();
        SnapshotJson.readById(s.get("histories"), fullHistories, name + " state: rank-check histories");
        awaiting.clear();
        if (s.get("awaiting") instanceof JsonObject ended) { // absent in states written before issue 13 session 7
            ended.members().forEach((id, loss) -> {
                Long key = parseId(id);
                if (key == null || !fullHistories.containsKey(key) || !loss.isNumber()) {
                    throw new IllegalArgumentException(getClass().getSimpleName() + " state: an awaited full training"
                        + " is a parameter id with a history and its final value");
                }
                awaiting.put(key, loss.asDouble());
            });
        }
        if (payoffEvidence != null) {
            JsonValue evidence = s.get("payoff");
            if (evidence instanceof JsonObject) {
                payoffEvidence.restore(evidence);
            } else { // states written before issue 13 session 8 (or by a build without the payoff check)
                Map<Long, List<Double>> awaited = new HashMap<>();
                awaiting.keySet().forEach(id -> awaited.put(id, fullHistories.get(id)));
                payoffEvidence.restoreLegacy(agreement.curves(), awaited, awaiting);
            }
        }
        if (predictor != null) { // a state written without promote_by (or before session 29): no evidence yet
            predictor.restore(s.get("promotion") == null ? new JsonArray(List.of()) : s.get("promotion"));
        }
        // absent before issue 13 session 26 (and with a share of 0); the ended ones before issue 13 session 31
        SnapshotJson.readById(s.get("reports"), reportsInFlight, name + " state: a trial's reports");
        SnapshotJson.readById(s.get("endedReports"), endedReports, name + " state: ended reports");
        owed.clear();
        if (s.get("owed") instanceof JsonArray ids) { // absent in states written before issue 12
            for (JsonValue v : ids.values()) {
                if (!(v instanceof JsonInt id)) {
                    throw new IllegalArgumentException(getClass().getSimpleName() + " state: owed ids must be integers,"
                        + " got " + v);
                }
                owed.add(id.value());
            }
        }
    }

    /**
     * The ids still owed belong to the killed process: the manager answered {@code NO} to those requests and a
     * restarted one asks again, so they are not paid after a resume.
     */
    @Override
    public void restoreFinished() {
        owed.clear();
    }
}
