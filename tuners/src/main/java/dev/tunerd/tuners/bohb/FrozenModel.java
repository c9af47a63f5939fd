package dev.tunerd.tuners.bohb;

import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.tuners.common.SnapshotJson;
import java.util.ArrayList;
import java.util.List;

/**
 * What BOHB's model would have learnt since a bracket's start, held back while the bracket's first round is drawn
 * one configuration per request (issue 13 session 28), so every draw of the round reads the model, and the trials in
 * flight, as they stood at the bracket's start, as when the start drew the whole round at once: the draws are main's,
 * only spread over the requests that issue them. Kept in arrival order and replayed in it when the round's last
 * configuration has been drawn; written to and read from a snapshot. Not thread-safe.
 */
final class FrozenModel {

    /** One update held back: a result fed, a value revised, or a first trial's configuration no longer in flight. */
    sealed interface Update permits Feed, Revise, Ended {
    }

    /** The result at {@code index} in BOHB's results, fed to its budget's model. */
    record Feed(int index) implements Update {
    }

    /** A value revised; {@code known} results existed then (the kernel is fed again from those). */
    record Revise(int budget, JsonObject params, double before, double loss, int known) implements Update {
    }

    /** A first trial ended: its configuration leaves the trials in flight. */
    record Ended(JsonObject config) implements Update {
    }

    private final List<Update> held = new ArrayList<>();

    void hold(Update u) {
        held.add(u);
    }

    /** The updates held, in arrival order; none are held afterwards. */
    List<Update> release() {
        List<Update> out = List.copyOf(held);
        held.clear();
        return out;
    }

    /** The revisions held back, in arrival order. */
    List<Revise> heldRevisions() {
        List<Revise> out = new ArrayList<>();
        held.forEach(u -> {
            if (u instanceof Revise r) {
                out.add(r);
            }
        });
        return out;
    }

    /** How many of {@code results} results the model has been fed: those before the first one held back. */
    int fed(int results) {
        for (Update u : held) {
            if (u instanceof Feed f) {
                return f.index();
            }
        }
        return results;
    }

    JsonArray toJson() {
        List<JsonValue> list = new ArrayList<>();
        for (Update u : held) {
            if (u instanceof Feed f) {
                list.add(JsonArray.of(JsonString.of("feed"), JsonInt.of(f.index())));
            } else if (u instanceof Revise r) {
                list.add(JsonArray.of(JsonString.of("revise"), JsonInt.of(r.budget()), r.params(),
                    JsonFloat.of(r.before()), JsonFloat.of(r.loss()), JsonInt.of(r.known())));
            } else if (u instanceof Ended e) {
                list.add(JsonArray.of(JsonString.of("ended"), e.config()));
            }
        }
        return new JsonArray(list);
    }

    /** Replaces what is held by {@code json} ({@link #toJson}); absent ({@code null}) in states written before. */
    void read(JsonValue json, int results) {
        held.clear();
        if (json == null) {
            return;
        }
        for (JsonValue v : SnapshotJson.asArray(json).values()) {
            held.add(update(SnapshotJson.asArray(v).values(), results));
        }
    }

    private static Update update(List<JsonValue> f, int results) {
        String kind = f.isEmpty() || !(f.get(0) instanceof JsonString s) ? "" : s.value();
        if (kind.equals("feed") && f.size() == 2 && f.get(1) instanceof JsonInt i && i.value() >= 0
            && i.value() < results) {
            return new Feed((int) i.value());
        }
        if (kind.equals("revise") && f.size() == 6 && f.get(1) instanceof JsonInt budget && budget.value() >= 0
            && f.get(2) instanceof JsonObject p && isNumber(f.get(3)) && isNumber(f.get(4))
            && f.get(5) instanceof JsonInt known && known.value() >= 0 && known.value() <= results) {
            return new Revise((int) budget.value(), p, f.get(3).asDouble(), f.get(4).asDouble(), (int) known.value());
        }
        if (kind.equals("ended") && f.size() == 2 && f.get(1) instanceof JsonObject c) {
            return new Ended(c);
        }
        throw new IllegalArgumentException("BOHB snapshot: a held update must be [\"feed\", index < results], "
            + "[\"revise\", budget, params, before, loss, known <= results] or [\"ended\", config]");
    }

    private static boolean isNumber(JsonValue v) {
        return v instanceof JsonInt || v instanceof JsonFloat;
    }
}
