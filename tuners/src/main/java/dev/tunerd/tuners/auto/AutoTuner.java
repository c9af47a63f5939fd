package dev.tunerd.tuners.auto;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.ImportedTrial;
import dev.tunerd.spi.NoMoreTrialsException;
import dev.tunerd.spi.Snapshotting;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.InvalidSearchSpaceException;
import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonBool;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonNull;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.spi.text.SafeText;
import dev.tunerd.tuners.model.Losses;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Picks a builtin tuner ({@link AutoPolicy}) on the first search space, from that space and the experiment's budget
 * in the {@link AlgorithmContext}, logs which and why, and from then on passes every call to it. A later search
 * space goes to the same tuner (no second pick: its history stays). The snapshot records the pick next to the
 * picked tuner's own state, and {@link #restore} recreates that tuner, even when the rules would now pick another
 * (a changed budget on resume). Imports that arrive before the first search space are kept and handed over. When
 * the pick comes with a {@link ScanPlan}, Auto itself answers the requests for parameters once that many results
 * have arrived, with the points of an {@link IncumbentScan} around the best result so far, until the scan is
 * issued; the picked tuner is given those results like any other (a tuner uses the parameters that come with a
 * result for an id it did not issue) and then goes on. The scan's progress, the best result and the result count
 * are in the snapshot too. When the plan names a tuner to go on after the scan ({@link ScanPlan#then}), Auto
 * creates it once the scan is issued, gives it every result so far as imported data and passes every call to it
 * from then on; until then it keeps those results (in the snapshot too). Not thread-safe (the dispatcher serialises
 * calls).
 */
public final class AutoTuner implements Tuner, Snapshotting {
    private static final System.Logger LOG = System.getLogger(AutoTuner.class.getName());
    private final AlgorithmContext context;
    private final AutoClassArgs args;
    private final List<ImportedTrial> earlyImports = new ArrayList<>();
    private Tuner delegate;
    private AutoChoice choice;
    private JsonObject lastSpace;
    /** The scan planned with the pick, or null. */
    private ScanPlan plan;
    private long scanSeed;
    private IncumbentScan scan;
    /** Final results received (all of them, the scan's included). */
    private int results;
    private JsonObject bestParams;
    /** Every result and import, kept only while a handover after the scan is still to come. */
    private final List<ImportedTrial> history = new ArrayList<>();
    /** Whether the tuner after the scan has taken over. */
    private boolean handedOver;
    private double bestLoss = Double.POSITIVE_INFINITY;
    /** Applied to the rules' pick (the benchmark's variants); identity otherwise. */
    private final java.util.function.UnaryOperator<AutoChoice> adjust;
    /** The hedge of the pick, or null; {@link #partner} is its tuner while it takes turns, null after. */
    private Hedge hedge;
    private Tuner partner;
    /** Suggestions of the picked tuner and the partner while the partner takes turns. */
    private int suggested;
    /** Ids the partner suggested whose result has not come yet, while it takes turns. */
    private final java.util.Set<Long> partnerIds = new java.util.HashSet<>();
    /** The best loss among the results of each tuner's own points during the hedge. */
    private double pickedBest = Double.POSITIVE_INFINITY;
    private double partnerBest = Double.POSITIVE_INFINITY;
    /** Whether the partner's points led at the hedge's decision, so that it takes every suggestion until its end. */
    private boolean partnerLeads;

    public AutoTuner(AlgorithmContext context, AutoClassArgs args) {
        this(context, args, java.util.function.UnaryOperator.identity());
    }

    private AutoTuner(AlgorithmContext context, AutoClassArgs args,
                      java.util.function.UnaryOperator<AutoChoice> adjust) {
        this.context = context;
        this.args = args;
        this.adjust = adjust;
    }

    /**
     * Auto whose rules' pick (not one forced by the classArg algorithm) is changed by {@code adjust}: for measuring
     * variants of the rules (the benchmark's {@code Auto-args}).
     */
    public static AutoTuner adjusted(AlgorithmContext context, AutoClassArgs args,
                                     java.util.function.UnaryOperator<AutoChoice> adjust) {
        return new AutoTuner(context, args, adjust);
    }

    /** What was picked; null before the first search space. */
    public AutoChoice choice() {
        return choice;
    }

    @Override
    public void updateSearchSpace(JsonObject searchSpace) {
        if (delegate == null) {
            AutoChoice picked = args.algorithm() != null
                ? new AutoChoice(args.algorithm(), "given by the classArg algorithm")
                : adjust.apply(AutoPolicy.pick(SearchSpace.parse(searchSpace, SearchSpace.ALL_TYPES),
                    context.budget(), name -> DelegateFactory.takesSpace(name, context, args.optimizeMode(),
                    searchSpace)));
            List<ImportedTrial> imported = List.copyOf(earlyImports);
            start(picked, searchSpace);
            startHedge(picked.hedge(), searchSpace, imported);
            plan = picked.scan();
            if (!handoverPending()) {
                history.clear(); // imports kept before the pick: no handover to give them to
            }
            scanSeed = args.seed() != null ? args.seed() : context.clock().instant().toEpochMilli();
            LOG.log(Level.INFO, "Auto picked {0}: {1}", choice.algorithm(), choice.reason());
        } else {
            delegate.updateSearchSpace(searchSpace);
            if (partner != null) {
                try {
                    partner.updateSearchSpace(searchSpace);
                } catch (InvalidSearchSpaceException e) {
                    endHedge("it does not take the new search space");
                }
            }
        }
        lastSpace = searchSpace;
        if (plan != null) {
            scan = new IncumbentScan(SearchSpace.parse(searchSpace, SearchSpace.ALL_TYPES), plan.strata(), scanSeed,
                scan == null ? 0 : scan.issued());
        }
    }

    /**
     * Creates the hedge's partner (with {@code imported}, the imports before the pick), unless there is no hedge or
     * the partner refuses the space.
     */
    private void startHedge(Hedge planned, JsonObject searchSpace, List<ImportedTrial> imported) {
        hedge = planned;
        suggested = 0;
        if (hedge == null) {
            return;
        }
        Tuner created = DelegateFactory.create(hedge.partner(), context, args.optimizeMode(), args.seed());
        try {
            created.updateSearchSpace(searchSpace);
        } catch (InvalidSearchSpaceException e) {
            created.close();
            LOG.log(Level.INFO, "Auto: {0} does not take the search space; no hedge", hedge.partner());
            hedge = null;
            return;
        }
        if (!imported.isEmpty()) {
            created.importData(imported);
        }
        partner = created;
        LOG.log(Level.INFO, "Auto: {0} takes every {1}th of the first {2} suggestions, then {3} goes on alone",
            hedge.partner(), hedge.every(), hedge.until(), choice.algorithm());
    }

    private void endHedge(String why) {
        if (partner != null) {
            partner.close();
            partner = null;
            LOG.log(Level.INFO, "Auto: {0} stops taking turns ({1}); {2} goes on alone", hedge.partner(), why,
                choice.algorithm());
        }
    }

    /** The scan, when it is under way or due. */
    IncumbentScan scan() {
        return scan;
    }

    private boolean scanDue() {
        return scan != null && !scan.done() && results >= plan.after() && bestParams != null;
    }

    private boolean handoverPending() {
        return plan != null && plan.then() != null && !handedOver;
    }

    /**
     * Once the scan is issued, the tuner named by the plan takes over with every result so far. Should it refuse
     * the space after all (a later space it does not take), the picked tuner goes on.
     */
    private void handOverWhenScanned() {
        if (!handoverPending() || scan == null || !scan.done()) {
            return;
        }
        handedOver = true;
        Tuner next = DelegateFactory.create(plan.then(), context, args.optimizeMode(), args.seed());
        try {
            next.updateSearchSpace(lastSpace);
        } catch (InvalidSearchSpaceException e) {
            next.close();
            history.clear();
            LOG.log(Level.INFO, "Auto: {0} does not take the search space; {1} goes on", plan.then(),
                choice.algorithm());
            return;
        }
        next.importData(List.copyOf(history));
        LOG.log(Level.INFO, "Auto hands over to {0} after the scan, with the {1} results so far", plan.then(),
            history.size());
        history.clear();
        delegate.close();
        delegate = next;
        choice = new AutoChoice(plan.then(), choice.reason(), plan);
    }

    private void start(AutoChoice picked, JsonObject searchSpace) {
        Tuner created = DelegateFactory.create(picked.algorithm(), context, args.optimizeMode(), args.seed());
        created.updateSearchSpace(searchSpace);
        if (delegate != null) {
            delegate.close();
        }
        delegate = created;
        choice = picked;
        if (!earlyImports.isEmpty()) {
            delegate.importData(List.copyOf(earlyImports));
            earlyImports.clear();
        }
    }

    @Override
    public JsonValue generateParameters(long parameterId) throws NoMoreTrialsException {
        Tuner tuner = started();
        handOverWhenScanned();
        tuner = delegate;
        if (scanDue()) {
            if (scan.issued() == 0) {
                LOG.log(Level.INFO, "Auto scans the best point after {0} results, one parameter at a time (at most"
                    + " {1} trials); then {2} goes on", results, scan.size(), choice.algorithm());
            }
            JsonObject p = scan.next(bestParams);
            if (p != null) {
                return p;
            }
        }
        if (partner != null && suggested >= hedge.until()) {
            endHedge("after " + suggested + " suggestions");
        }
        if (partner != null && hedge.decideAt() > 0 && suggested == hedge.decideAt() && !partnerLeads) {
            if (partnerBest < pickedBest) {
                partnerLeads = true;
                LOG.log(Level.INFO, "Auto: after {0} suggestions the best result is {1}''s ({2} against {3}''s {4}):"
                    + " {1} takes every suggestion up to the {5}th", suggested, hedge.partner(), partnerBest,
                    choice.algorithm(), pickedBest, hedge.until());
            } else {
                endHedge("after " + suggested + " suggestions the best result is its own, " + pickedBest
                    + " against " + hedge.partner() + "'s " + partnerBest);
            }
        }
        if (partner != null && (partnerLeads || hedge.partnersTurn(suggested++))) {
            if (partnerLeads) {
                suggested++;
            }
            partnerIds.add(parameterId);
            return partner.generateParameters(parameterId);
        }
        return tuner.generateParameters(parameterId);
    }

    @Override
    public List<JsonValue> generateMultipleParameters(List<Long> parameterIds) {
        if (scanDue() || handoverPending() || partner != null) {
            return Tuner.super.generateMultipleParameters(parameterIds); // one by one: the scan's, then the tuner's
        }
        return started().generateMultipleParameters(parameterIds);
    }

    @Override
    public void receiveTrialResult(TrialResult result) {
        if (delegate == null) {
            LOG.log(Level.WARNING, "Auto: a result before any search space is ignored");
            return;
        }
        delegate.receiveTrialResult(result);
        if (partner != null) {
            partner.receiveTrialResult(result);
            double loss = args.optimizeMode().toLoss(result.scalar());
            if (partnerIds.remove(result.parameterId())) {
                partnerBest = Math.min(partnerBest, loss);
            } else {
                pickedBest = Math.min(pickedBest, loss);
            }
        }
        results++;
        if (handoverPending()) {
            history.add(new ImportedTrial(result.parameters(), result.value(), result.trialJobId()));
        }
        consider(result.parameters(), result.scalar());
    }

    private void consider(JsonValue parameters, double metric) {
        double loss = args.optimizeMode().toLoss(metric);
        if (loss < bestLoss && parameters instanceof JsonObject p) {
            bestLoss = loss;
            bestParams = p;
        }
    }

    @Override
    public void trialEnd(long parameterId, boolean success) {
        if (delegate != null) {
            delegate.trialEnd(parameterId, success);
        }
        if (partner != null) {
            partner.trialEnd(parameterId, success);
        }
    }

    @Override
    public void importData(List<ImportedTrial> trials) {
        if (delegate == null) {
            earlyImports.addAll(trials);
        } else {
            delegate.importData(trials);
        }
        if (partner != null) {
            partner.importData(trials);
        }
        if (handoverPending() || delegate == null) {
            history.addAll(trials); // before the first space the plan is not known yet: kept, cleared if none
        }
        for (ImportedTrial t : trials) {
            try {
                consider(t.parameter(), t.scalar());
            } catch (IllegalArgumentException e) {
                // no numeric value: the tuner's import screen has logged it
            }
        }
    }

    @Override
    public boolean acceptsCustomizedTrials() {
        return delegate != null && delegate.acceptsCustomizedTrials();
    }

    @Override
    public void close() {
        if (delegate != null) {
            delegate.close();
        }
        if (partner != null) {
            partner.close();
        }
    }

    @Override
    public JsonValue snapshot() {
        Map<String, JsonValue> m = new LinkedHashMap<>();
        m.put("algorithm", choice == null ? JsonNull.INSTANCE : JsonString.of(choice.algorithm()));
        m.put("reason", choice == null ? JsonNull.INSTANCE : JsonString.of(choice.reason()));
        m.put("state", delegate instanceof Snapshotting s ? s.snapshot() : JsonNull.INSTANCE);
        if (plan != null) {
            m.put("scan", JsonObject.builder().put("after", plan.after()).put("strata", plan.strata())
                .put("seed", scanSeed).put("issued", scan == null ? 0 : scan.issued()).put("results", results)
                .put("best", bestParams == null ? JsonNull.INSTANCE : JsonArray.of(bestParams, Losses.toJson(bestLoss)))
                .put("then", plan.then() == null ? JsonNull.INSTANCE : JsonString.of(plan.then()))
                .put("handedOver", JsonBool.of(handedOver))
                .put("history", new JsonArray(history.stream().map(t -> (JsonValue) JsonArray.of(t.parameter(),
                    t.value())).toList()))
                .build());
        }
        if (hedge != null) {
            m.put("hedge", JsonObject.builder().put("partner", hedge.partner()).put("until", hedge.until())
                .put("every", hedge.every()).put("decideAt", hedge.decideAt()).put("suggested", suggested)
                .put("partnerLeads", JsonBool.of(partnerLeads))
                .put("best", JsonArray.of(Losses.toJson(pickedBest), Losses.toJson(partnerBest)))
                .put("partnerIds", new JsonArray(partnerIds.stream().sorted().map(i -> (JsonValue) JsonInt.of(i))
                    .toList()))
                .put("state", partner instanceof Snapshotting s ? s.snapshot() : JsonNull.INSTANCE).build());
        }
        return JsonObject.of(m);
    }

    @Override
    public void restore(JsonValue state) {
        if (!(state instanceof JsonObject o) || !o.has("algorithm") || !o.has("state")) {
            throw new IllegalArgumentException("not an Auto snapshot");
        }
        if (!(o.get("algorithm") instanceof JsonString name)) {
            return; // taken before any search space: nothing was picked
        }
        String algorithm = knownAlgorithm(name.value());
        String reason = o.get("reason") instanceof JsonString r ? r.value() : "recorded in the snapshot";
        if (lastSpace == null) {
            throw new IllegalArgumentException("Auto: restore needs the search space first");
        }
        if (choice == null || !choice.algorithm().equals(algorithm)) {
            start(new AutoChoice(algorithm, reason), lastSpace);
        } else {
            choice = new AutoChoice(algorithm, reason);
        }
        if (delegate instanceof Snapshotting s && o.get("state") != JsonNull.INSTANCE) {
            s.restore(o.get("state"));
        }
        restoreScan(o.find("scan").orElse(JsonNull.INSTANCE));
        restoreHedge(o.find("hedge").orElse(JsonNull.INSTANCE));
        LOG.log(Level.INFO, "Auto resumed with {0}, as picked before: {1}", choice.algorithm(),
            SafeText.capped(choice.reason(), 500)); // read back from the snapshot file
    }

    /** The scan as the snapshot recorded it: none in a snapshot without one (taken without a plan, or before plans). */
    /** The registered name of a tuner Auto can run, as a snapshot spells it; a name it cannot run is refused. */
    private static String knownAlgorithm(String name) {
        return AutoClassArgs.ALGORITHMS.stream().filter(a -> a.equalsIgnoreCase(name)).findFirst()
            .orElseThrow(() -> new IllegalArgumentException("Auto snapshot names an unknown tuner"));
    }

    /**
     * The hedge as the snapshot recorded it: its partner recreated from its own state while it still takes turns;
     * none in a snapshot without one.
     */
    private void restoreHedge(JsonValue value) {
        if (partner != null) {
            partner.close();
            partner = null;
        }
        hedge = null;
        suggested = 0;
        partnerLeads = false;
        pickedBest = Double.POSITIVE_INFINITY;
        partnerBest = Double.POSITIVE_INFINITY;
        partnerIds.clear();
        if (!(value instanceof JsonObject o)) {
            return;
        }
        try {
            Hedge restored = new Hedge(knownAlgorithm(((JsonString) o.get("partner")).value()),
                (int) ((JsonInt) o.get("until")).value(), (int) ((JsonInt) o.get("every")).value(),
                (int) ((JsonInt) o.get("decideAt")).value());
            int count = (int) ((JsonInt) o.get("suggested")).value();
            partnerLeads = o.get("partnerLeads") == JsonBool.of(true);
            JsonArray best = (JsonArray) o.get("best");
            pickedBest = Losses.fromJson(best.get(0));
            partnerBest = Losses.fromJson(best.get(1));
            for (JsonValue id : ((JsonArray) o.get("partnerIds")).values()) {
                partnerIds.add(((JsonInt) id).value());
            }
            JsonValue state = o.get("state");
            if (state != JsonNull.INSTANCE) {
                Tuner created = DelegateFactory.create(restored.partner(), context, args.optimizeMode(), args.seed());
                created.updateSearchSpace(lastSpace);
                if (created instanceof Snapshotting s) {
                    s.restore(state);
                }
                partner = created;
            }
            hedge = restored;
            suggested = count;
        } catch (ClassCastException | NullPointerException e) {
            throw new IllegalArgumentException("Auto: not a hedge state this tuner wrote", e);
        }
    }

    private void restoreScan(JsonValue value) {
        plan = null;
        scan = null;
        history.clear();
        handedOver = false;
        results = 0;
        bestParams = null;
        bestLoss = Double.POSITIVE_INFINITY;
        if (!(value instanceof JsonObject o)) {
            return;
        }
        try {
            ScanPlan restored = new ScanPlan((int) ((JsonInt) o.get("after")).value(),
                (int) ((JsonInt) o.get("strata")).value(),
                o.find("then").orElse(JsonNull.INSTANCE) instanceof JsonString t ? knownAlgorithm(t.value()) : null);
            handedOver = o.find("handedOver").orElse(JsonBool.of(false)) == JsonBool.of(true);
            if (o.find("history").orElse(JsonArray.EMPTY) instanceof JsonArray h) {
                for (JsonValue entry : h.values()) {
                    JsonArray pair = (JsonArray) entry;
                    history.add(new ImportedTrial(pair.get(0), pair.get(1), java.util.Optional.empty()));
                }
            }
            long seed = ((JsonInt) o.get("seed")).value();
            int issued = (int) ((JsonInt) o.get("issued")).value();
            int count = (int) ((JsonInt) o.get("results")).value();
            if (o.get("best") instanceof JsonArray best) {
                bestParams = (JsonObject) best.get(0);
                bestLoss = Losses.fromJson(best.get(1));
            }
            plan = restored;
            scanSeed = seed;
            results = count;
            scan = new IncumbentScan(SearchSpace.parse(lastSpace, SearchSpace.ALL_TYPES), plan.strata(), scanSeed,
                issued);
        } catch (ClassCastException | NullPointerException e) {
            throw new IllegalArgumentException("Auto: not a scan state this tuner wrote", e);
        }
    }

    private Tuner started() {
        if (delegate == null) {
            throw new IllegalStateException("Auto: parameters asked for before any search space");
        }
        return delegate;
    }
}
