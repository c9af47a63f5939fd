package dev.tunerd.tuners.common;

import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.spi.space.ParameterSpec;
import dev.tunerd.spi.space.ParameterType;
import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.spi.text.SafeText;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A bounded scout of named {@code choice} options ({@code choice_scout}, BOHB and ASHA(tpe); issue 13, sessions 29-30).
 * A model-based sampler judges an option by the configurations it has seen with it. When the options are methods (an
 * optimizer, a normalisation, a clipping rule), the other parameters' good values depend on the option (a learning
 * rate per optimizer): the few early configurations that tried an option in another option's region make it look bad,
 * the model stops proposing it, and when it does, it proposes it with the leading option's values, which confirms the
 * verdict. With {@code choice_scout: N}, the model's draws are scouts until every option of every named choice has
 * been scouted {@code N} times: every active named choice takes its least-scouted option (ties at random), every other
 * parameter a draw from its prior, so each option is tried {@code N} times on its own terms; then never again, so
 * the cost where the model was right is at most {@code N} trainings per option (session 29's unbounded share cost
 * regret on {@code plateau} and {@code unstable}). At most {@code N} times the number of named options scouts are
 * drawn in all (a bound also when a nested named choice is rarely active). A named choice is one with two or more
 * options of which at least one is not a number: a choice among numbers (a batch size, a width) is one quantity on a
 * grid, not a change of method (scouting those cost regret, session 29). Spaces without a named choice are never
 * scouted, and {@link #due} draws no random number, so those runs, and runs with {@code N = 0}, are the runs of
 * before. The counts are keyed by the choice's path and the option's label, so they survive a search-space update
 * and travel with a snapshot ({@link #toJson}, {@link #restore}). Not thread-safe; the generator is the caller's.
 */
public final class ChoiceScout {
    /** The largest {@code choice_scout} accepted. */
    public static final int MAX_PER_OPTION = 1000;

    private final int perOption;
    /** Scouts so far per named choice (its path) and option (its label). */
    private final Map<String, Map<String, Integer>> scouted = new TreeMap<>();
    /** Scouts drawn so far. */
    private int draws;

    /** @param perOption scouts per option of each named choice, 0 .. {@value #MAX_PER_OPTION} (0: off) */
    public ChoiceScout(int perOption) {
        if (perOption < 0 || perOption > MAX_PER_OPTION) {
            throw new IllegalArgumentException(rangeMessage(perOption));
        }
        this.perOption = perOption;
    }

    /** The message for an out-of-range {@code choice_scout}: names the key and the range. */
    public static String rangeMessage(Object value) {
        return "choice_scout must be an integer between 0 and " + MAX_PER_OPTION + ", got " + value;
    }

    /**
     * Whether the next draw the model would make in {@code space} is a scout instead: some option of a named choice
     * was scouted fewer than {@code N} times, and fewer than {@code N} times the number of named options scouts were
     * drawn. Draws no random number.
     */
    public boolean due(SearchSpace space) {
        if (perOption == 0) {
            return false;
        }
        int options = 0;
        boolean short_ = false;
        for (ParameterSpec p : space.parameters()) {
            if (isNamedChoice(p)) {
                options += p.size();
                for (int o = 0; o < p.size(); o++) {
                    short_ |= count(p, o) < perOption;
                }
            }
        }
        return short_ && draws < (long) perOption * options;
    }

    /**
     * A scout, counted: each active named choice at its least-scouted option (ties broken at random), every other
     * active parameter drawn from its prior; parents before children, so a nested parameter is drawn only under the
     * option chosen for its parent.
     */
    public double[] draw(SearchSpace space, Rng rng) {
        double[] internal = space.newInternal();
        List<ParameterSpec> specs = space.parameters();
        for (int i = 0; i < specs.size(); i++) {
            if (!space.isActive(i, internal)) {
                continue;
            }
            ParameterSpec p = specs.get(i);
            if (isNamedChoice(p)) {
                int o = leastScouted(p, rng);
                internal[i] = o;
                scouted.computeIfAbsent(key(p), k -> new TreeMap<>()).merge(label(p, o), 1, Integer::sum);
            } else {
                internal[i] = RandomSampler.draw(p, rng);
            }
        }
        draws++;
        return internal;
    }

    /** Scouts so far with option {@code option} of {@code p}. */
    public int count(ParameterSpec p, int option) {
        Map<String, Integer> byOption = scouted.get(key(p));
        return byOption == null ? 0 : byOption.getOrDefault(label(p, option), 0);
    }

    /** Scouts drawn so far. */
    public int draws() {
        return draws;
    }

    private int leastScouted(ParameterSpec p, Rng rng) {
        int fewest = Integer.MAX_VALUE;
        List<Integer> ties = new ArrayList<>();
        for (int o = 0; o < p.size(); o++) {
            int c = count(p, o);
            if (c < fewest) {
                fewest = c;
                ties.clear();
            }
            if (c == fewest) {
                ties.add(o);
            }
        }
        return ties.get(ties.size() == 1 ? 0 : rng.nextInt(ties.size()));
    }

    /** Whether {@code space} has a named choice (see the class comment). */
    static boolean hasChoice(SearchSpace space) {
        for (ParameterSpec p : space.parameters()) {
            if (isNamedChoice(p)) {
                return true;
            }
        }
        return false;
    }

    /** A {@code choice} of two or more options of which at least one is not a number. */
    static boolean isNamedChoice(ParameterSpec p) {
        if (p.type() != ParameterType.CHOICE || p.size() < 2) {
            return false;
        }
        for (JsonValue v : p.values().values()) {
            if (!(v instanceof JsonInt || v instanceof JsonFloat)) {
                return true;
            }
        }
        return false;
    }

    private static String key(ParameterSpec p) {
        return String.join("/", p.path());
    }

    /** An option's label: a string as it is, a nested choice's branch by its {@code _name}, else its JSON text. */
    private static String label(ParameterSpec p, int option) {
        JsonValue v = p.values().get(option);
        if (v instanceof JsonString s) {
            return s.value();
        }
        if (v instanceof JsonObject o && o.get("_name") instanceof JsonString name) {
            return name.value();
        }
        return String.valueOf(v);
    }

    /** The state: {@code {"draws": n, "options": {choice: {option: count}}}}. */
    public JsonValue toJson() {
        JsonObject.Builder options = JsonObject.builder();
        scouted.forEach((choice, byOption) -> {
            JsonObject.Builder b = JsonObject.builder();
            byOption.forEach(b::put);
            options.put(choice, b.build());
        });
        return JsonObject.builder().put("draws", draws).put("options", options.build()).build();
    }

    /**
     * Continues from {@link #toJson}'s state, checked: counts are integers from 0 to {@code draws}; {@code null}
     * (a snapshot written before scouts, or without any) starts from none.
     */
    public void restore(JsonValue state) {
        scouted.clear();
        draws = 0;
        if (state == null) {
            return;
        }
        JsonObject s = SnapshotJson.object(state, "choice_scout");
        long n = SnapshotJson.longMember(s, "draws");
        if (n < 0 || n > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("choice_scout snapshot: draws must be a count, got " + n);
        }
        Map<String, Map<String, Integer>> read = new TreeMap<>();
        SnapshotJson.object(SnapshotJson.member(s, "options"), "choice_scout options").members().forEach((c, v) -> {
            Map<String, Integer> byOption = new TreeMap<>();
            SnapshotJson.object(v, "choice_scout options").members().forEach((o, k) -> {
                if (!(k instanceof JsonInt i) || i.value() < 0 || i.value() > n) {
                    throw new IllegalArgumentException("choice_scout snapshot: a count must be an integer from 0 to"
                        + " the scouts drawn (" + n + "), got " + SafeText.of(String.valueOf(k)));
                }
                byOption.put(o, (int) i.value());
            });
            read.put(c, byOption);
        });
        scouted.putAll(read);
        draws = (int) n;
    }
}
