package dev.tunerd.tuners.batch;

import dev.tunerd.tuners.common.ImportScreen;
import java.util.Optional;
import dev.tunerd.spi.ImportedTrial;
import dev.tunerd.spi.InvalidSearchSpaceException;
import dev.tunerd.spi.NoMoreTrialsException;
import dev.tunerd.spi.Snapshotting;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.spi.space.PythonRepr;
import dev.tunerd.spi.space.PythonValues;
import dev.tunerd.tuners.common.SnapshotJson;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * NNI's {@code Batch} tuner: the search space is one {@code choice} key whose options are complete parameter sets;
 * each option is sent as the whole {@code parameters} value, in order, then {@code NO}. Options are sent verbatim
 * (objects with {@code _name} too), so the space is checked here rather than by the search-space model.
 *
 * <p>{@code FD} as NNI: options equal (Python {@code ==}) to an imported parameter set with a truthy value are
 * dropped. On a search-space update, options equal to ones already sent are not sent again (NNI keeps its counter
 * and skips that many options of the new list). Not thread-safe (see {@link Tuner}).
 */
public final class BatchTuner implements Tuner, Snapshotting {
    private static final System.Logger LOG = System.getLogger(BatchTuner.class.getName());
    private final List<JsonValue> pending = new ArrayList<>();
    private final List<JsonValue> sent = new ArrayList<>();

    @Override
    public void updateSearchSpace(JsonObject searchSpace) {
        List<JsonValue> options = new ArrayList<>(options(searchSpace));
        for (JsonValue done : sent) {
            removeFirstEqual(options, done);
        }
        pending.clear();
        pending.addAll(options);
    }

    private static List<JsonValue> options(JsonObject space) {
        String shape = "Batch needs a search space with exactly one key whose _type is \"choice\" and whose _value "
            + "lists the parameter sets";
        if (space.size() != 1) {
            throw new InvalidSearchSpaceException(shape + "; got " + space.size() + " keys");
        }
        Map.Entry<String, JsonValue> entry = space.members().entrySet().iterator().next();
        String head = "search space \"" + entry.getKey() + "\"";
        if (!(entry.getValue() instanceof JsonObject spec) || !spec.has("_type") || !spec.has("_value")) {
            throw new InvalidSearchSpaceException(shape + "; " + head + " is " + PythonRepr.repr(entry.getValue()));
        }
        if (!new JsonString("choice").equals(spec.get("_type"))) {
            throw new InvalidSearchSpaceException(head + " has unsupported type \"" + PythonRepr.str(spec.get("_type"))
                + "\" : " + PythonRepr.repr(spec) + " (" + shape + ")");
        }
        if (!(spec.get("_value") instanceof JsonArray options) || options.size() == 0) {
            throw new InvalidSearchSpaceException(head + "'s value must be a non-empty list : " + PythonRepr.repr(spec));
        }
        return options.values();
    }

    @Override
    public JsonValue generateParameters(long parameterId) throws NoMoreTrialsException {
        if (pending.isEmpty()) {
            throw new NoMoreTrialsException("no more parameters now.");
        }
        JsonValue next = pending.remove(0);
        sent.add(next);
        return next;
    }

    @Override
    public void receiveTrialResult(TrialResult result) {
        // a batch is a fixed list
    }

    /** Drops pending options that were already run elsewhere; entries with a falsy value are skipped, as in NNI. */
    @Override
    public void importData(List<ImportedTrial> trials) {
        for (ImportedTrial trial : ImportScreen.fitting(LOG, "Batch", this::misfit, trials, false)) {
            if (PythonValues.truthy(trial.value())) {
                removeFirstEqual(pending, trial.parameter());
            }
        }
    }

    /** Why an imported set is not one of the batch's parameter sets (pending or sent), or empty when it is. */
    private Optional<String> misfit(JsonValue parameters) {
        boolean known = pending.stream().anyMatch(o -> PythonValues.equal(o, parameters))
            || sent.stream().anyMatch(o -> PythonValues.equal(o, parameters));
        return known ? Optional.empty() : Optional.of("parameters " + PythonRepr.repr(parameters)
            + " are not one of the batch's parameter sets");
    }

    private static void removeFirstEqual(List<JsonValue> list, JsonValue value) {
        for (int i = 0; i < list.size(); i++) {
            if (PythonValues.equal(list.get(i), value)) {
                list.remove(i);
                return;
            }
        }
    }

    @Override
    public JsonValue snapshot() {
        return JsonObject.builder().put("pending", new JsonArray(pending)).put("sent", new JsonArray(sent))
            .build();
    }

    @Override
    public void restore(JsonValue state) {
        JsonObject s = SnapshotJson.object(state, "Batch");
        List<JsonValue> restoredPending = SnapshotJson.arrayMember(s, "pending").values();
        List<JsonValue> restoredSent = SnapshotJson.arrayMember(s, "sent").values();
        pending.clear();
        pending.addAll(restoredPending);
        sent.clear();
        sent.addAll(restoredSent);
    }
}
