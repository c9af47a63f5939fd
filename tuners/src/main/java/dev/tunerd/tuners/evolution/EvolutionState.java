package dev.tunerd.tuners.evolution;

import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonNull;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.model.Losses;
import dev.tunerd.tuners.model.TrialBook;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Evolution's snapshot: the generator state, the population (internal vectors, NaN as null; gains, null when not
 * evaluated), trials in flight, finished and owed ids. Immutable.
 */
record EvolutionState(long rngState, List<Individual> individuals, Map<Long, JsonObject> running, Set<Long> done,
                      List<Long> owed) {

    record Individual(double[] config, Double gain) {
    }

    static JsonValue write(Rng rng, Population population, TrialBook book, Collection<Long> owed) {
        List<JsonValue> individuals = new ArrayList<>();
        for (int i = 0; population != null && i < population.size(); i++) {
            List<JsonValue> c = new ArrayList<>();
            for (double v : population.config(i)) {
                c.add(Double.isNaN(v) ? JsonNull.INSTANCE : JsonFloat.of(v));
            }
            Double g = population.gain(i);
            individuals.add(JsonArray.of(new JsonArray(c), g == null ? JsonNull.INSTANCE : Losses.toJson(g)));
        }
        List<JsonValue> running = new ArrayList<>();
        book.running().forEach((id, p) -> running.add(JsonArray.of(JsonInt.of(id), p)));
        return JsonObject.builder().put("algorithm", "Evolution").put("rng", rng.state())
            .put("population", new JsonArray(individuals)).put("running", new JsonArray(running))
            .put("done", ids(new TreeSet<>(book.doneIds()))).put("owed", ids(owed)).build();
    }

    static EvolutionState read(JsonValue state, SearchSpace space) {
        if (space == null) {
            throw new IllegalStateException("Evolution: restore needs the search space first");
        }
        try {
            JsonObject s = (JsonObject) state;
            if (!"Evolution".equals(((JsonString) s.get("algorithm")).value())) {
                throw new IllegalArgumentException("state of another algorithm: " + s.get("algorithm"));
            }
            List<Individual> individuals = new ArrayList<>();
            for (JsonValue v : ((JsonArray) s.get("population")).values()) {
                JsonArray pair = (JsonArray) v;
                List<JsonValue> c = ((JsonArray) pair.get(0)).values();
                double[] config = new double[c.size()];
                for (int i = 0; i < config.length; i++) {
                    config[i] = c.get(i) instanceof JsonNull ? Double.NaN : c.get(i).asDouble();
                }
                if (config.length != space.size()) {
                    throw new IllegalArgumentException("population vector of length " + config.length
                        + " for a space of " + space.size() + " parameters");
                }
                individuals.add(new Individual(config,
                    pair.get(1) instanceof JsonNull ? null : Losses.fromJson(pair.get(1))));
            }
            Map<Long, JsonObject> running = new LinkedHashMap<>();
            for (JsonValue v : ((JsonArray) s.get("running")).values()) {
                JsonArray pair = (JsonArray) v;
                running.put(((JsonInt) pair.get(0)).value(), (JsonObject) pair.get(1));
            }
            return new EvolutionState(((JsonInt) s.get("rng")).value(), individuals, running,
                new TreeSet<>(longs(s.get("done"))), longs(s.get("owed")));
        } catch (ClassCastException | NullPointerException | IllegalStateException e) {
            throw new IllegalArgumentException("Evolution: not a state this tuner wrote: " + e, e);
        }
    }

    private static JsonArray ids(Collection<Long> ids) {
        List<JsonValue> out = new ArrayList<>();
        ids.forEach(id -> out.add(JsonInt.of(id)));
        return new JsonArray(out);
    }

    private static List<Long> longs(JsonValue v) {
        List<Long> out = new ArrayList<>();
        for (JsonValue e : ((JsonArray) v).values()) {
            out.add(((JsonInt) e).value());
        }
        return out;
    }
}
