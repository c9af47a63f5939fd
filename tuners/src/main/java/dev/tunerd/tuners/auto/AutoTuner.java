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

    public AutoTuner(AlgorithmContext context, AutoClassArgs args) {
        this.context = context;
        this.args = args;
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
                : AutoPolicy.pick(SearchSpace.parse(searchSpace, SearchSpace.ALL_TYPES), context.budget(),
                    name -> DelegateFactory.takesSpace(name, context, args.optimizeMode(), searchSpace));
            start(picked, searchSpace);
            plan = picked.scan();
            if (!handoverPending()) {
                history.clear(); // imports kept before the pick: no handover to give them to
            }
            scanSeed = args.seed() != null ? args.seed() : context.clock().instant().toEpochMilli();
            LOG.log(Level.INFO, "Auto picked {0}: {1}", choice.algorithm(), choice.reason());
        } else {
            delegate.updateSearchSpace(searchSpace);
        }
        lastSpace = searchSpace;
        if (plan != null) {
            scan = new IncumbentScan(SearchSpace.parse(searchSpace, SearchSpace.ALL_TYPES), plan.strata(), scanSeed,
                scan == null ? 0 : scan.issued());
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
        return tuner.generateParameters(parameterId);
    }

    @Override
    public List<JsonValue> generateMultipleParameters(List<Long> parameterIds) {
        if (scanDue() || handoverPending()) {
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
    }

    @Override
    public void importData(List<ImportedTrial> trials) {
        if (delegate == null) {
            earlyImports.addAll(trials);
        } else {
            delegate.importData(trials);
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
        LOG.log(Level.INFO, "Auto resumed with {0}, as picked before: {1}", choice.algorithm(),
            SafeText.capped(choice.reason(), 500)); // read back from the snapshot file
    }

    /** The scan as the snapshot recorded it: none in a snapshot without one (taken without a plan, or before plans). */
    /** The registered name of a tuner Auto can run, as a snapshot spells it; a name it cannot run is refused. */
    private static String knownAlgorithm(String name) {
        return AutoClassArgs.ALGORITHMS.stream().filter(a -> a.equalsIgnoreCase(name)).findFirst()
            .orElseThrow(() -> new IllegalArgumentException("Auto snapshot names an unknown tuner"));
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
