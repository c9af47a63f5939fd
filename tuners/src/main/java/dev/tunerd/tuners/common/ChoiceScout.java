package dev.tunerd.tuners.common;

import dev.tunerd.spi.json.JsonBool;
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
 * verdict. With {@code choice_scout: N}, while an option of a named choice is in fewer than {@code N} of the
 * configurations drawn so far (by any means: at random, by the model, by a scout), every other draw the model would
 * make is a scout instead: every active named choice takes its least-tried option (ties at random), every other
 * parameter a draw from its prior, so a neglected option is tried on its own terms; once every option is in {@code N}
 * configurations, never again. Options the model keeps proposing reach {@code N} by themselves and cost no scout, so
 * the cost where the model was right is at most {@code N} trainings per neglected option (session 29's unbounded
 * share cost regret on {@code plateau} and {@code unstable}); at most {@code N} times the number of named options
 * scouts are drawn in all (a bound also when a nested named choice is rarely active). A named choice is one with two
 * or more options of which at least one is not a number: a choice among numbers (a batch size, a width) is one
 * quantity on a grid, not a change of method (scouting those cost regret, session 29). Spaces without a named choice
 * are never scouted, and neither {@link #due} nor {@link #record} draws a random number, so those runs, and runs
 * with {@code N = 0}, are the runs of before. The counts are keyed by the choice's path and the option's label, so
 * they survive a search-space update and travel with a snapshot ({@link #toJson}, {@link #restore}). Not
 * thread-safe; the generator is the caller's.
 */
public final class ChoiceScout {
    /** The largest {@code choice_scout} accepted. */
    public static final int MAX_PER_OPTION = 1000;

    private final int perOption;
    /** Configurations drawn so far per named choice (its path) and option (its label). */
    private final Map<String, Map<String, Integer>> tried = new TreeMap<>();
    /** Scouts drawn so far. */
    private int draws;
    /** Whether the last configuration recorded was a scout (the next model draw is then the model's). */
    private boolean lastWasScout;
    /** Whether {@link #draw} made the configuration {@link #record} is to count next. */
    private boolean scouting;

    /** {@code choice_scout} when the classArgs do not set it: off. */
    public static final int DEFAULT_PER_OPTION = 0;

    /** @param perOption configurations per option of each named choice before scouts stop, 0 .. 1000 (0: off) */
    public ChoiceScout(int perOption) {
        this.perOption = checked(perOption);
    }

    /**
     * The classArg {@code choice_scout} validated, {@link #DEFAULT_PER_OPTION} when absent; out of range an
     * {@link IllegalArgumentException} naming the key and the range (BOHB's and ASHA's argument records call this).
     */
    public static int checked(Integer perOption) {
        if (perOption == null) {
            return DEFAULT_PER_OPTION;
        }
        if (perOption < 0 || perOption > MAX_PER_OPTION) {
            throw new IllegalArgumentException("choice_scout must be an integer between 0 and " + MAX_PER_OPTION
                + ", got " + perOption);
        }
        return perOption;
    }

    /**
     * Whether the next draw the model would make in {@code space} is a scout instead: some option of a named choice is
     * in fewer than {@code N} configurations, the last configuration was not a scout, and fewer than {@code N} times
     * the number of named options scouts were drawn. Draws no random number.
     */
    public boolean due(SearchSpace space) {
        if (perOption == 0 || lastWasScout) {
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
     * A scout: each active named choice at its least-tried option (ties broken at random), every other active
     * parameter drawn from its prior; parents before children, so a nested parameter is drawn only under the option
     * chosen for its parent. The caller then {@link #record}s it, as every configuration it draws.
     */
    public double[] draw(SearchSpace space, Rng rng) {
        double[] internal = space.newInternal();
        List<ParameterSpec> specs = space.parameters();
        for (int i = 0; i < specs.size(); i++) {
            if (!space.isActive(i, internal)) {
                continue;
            }
            ParameterSpec p = specs.get(i);
            internal[i] = isNamedChoice(p) ? leastTried(p, rng) : RandomSampler.draw(p, rng);
        }
        draws++;
        scouting = true;
        return internal;
    }

    /** Counts a configuration drawn in {@code space} (internal coordinates): at random, by a model or a scout. */
    public void record(SearchSpace space, double[] internal) {
        if (perOption == 0) {
            return;
        }
        lastWasScout = scouting;
        scouting = false;
        List<ParameterSpec> specs = space.parameters();
        for (int i = 0; i < specs.size() && i < internal.length; i++) {
            ParameterSpec p = specs.get(i);
            if (isNamedChoice(p) && !Double.isNaN(internal[i])) {
                int o = (int) Math.round(internal[i]);
                if (o >= 0 && o < p.size()) {
                    tried.computeIfAbsent(key(p), k -> new TreeMap<>()).merge(label(p, o), 1, Integer::sum);
                }
            }
        }
    }

    /** Configurations drawn so far with option {@code option} of {@code p}. */
    public int count(ParameterSpec p, int option) {
        Map<String, Integer> byOption = tried.get(key(p));
        return byOption == null ? 0 : byOption.getOrDefault(label(p, option), 0);
    }

    /** Scouts drawn so far. */
    public int draws() {
        return draws;
    }

    private int leastTried(ParameterSpec p, Rng rng) {
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

    /** The state: {@code {"draws": scouts, "last": lastWasScout, "tried": {choice: {option: count}}}}. */
    public JsonValue toJson() {
        JsonObject.Builder options = JsonObject.builder();
        tried.forEach((choice, byOption) -> {
            JsonObject.Builder b = JsonObject.builder();
            byOption.forEach(b::put);
            options.put(choice, b.build());
        });
        return JsonObject.builder().put("draws", draws).put("last", JsonBool.of(lastWasScout))
            .put("tried", options.build()).build();
    }

    /**
     * Continues from {@link #toJson}'s state, checked (counts are integers from 0 up); {@code null} (a snapshot
     * written before scouts) starts from none.
     */
    public void restore(JsonValue state) {
        tried.clear();
        draws = 0;
        lastWasScout = false;
        scouting = false;
        if (state == null) {
            return;
        }
        JsonObject s = SnapshotJson.object(state, "choice_scout");
        int n = count(SnapshotJson.member(s, "draws"));
        if (!(SnapshotJson.member(s, "last") instanceof JsonBool last)) {
            throw new IllegalArgumentException("choice_scout snapshot: \"last\" must be true or false");
        }
        Map<String, Map<String, Integer>> read = new TreeMap<>();
        SnapshotJson.object(SnapshotJson.member(s, "tried"), "choice_scout tried").members().forEach((c, v) -> {
            Map<String, Integer> byOption = new TreeMap<>();
            SnapshotJson.object(v, "choice_scout tried").members().forEach((o, k) -> byOption.put(o, count(k)));
            read.put(c, byOption);
        });
        tried.putAll(read);
        draws = n;
        lastWasScout = last.value();
    }

    private static int count(JsonValue v) {
        if (!(v instanceof JsonInt i) || i.value() < 0 || i.value() > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("choice_scout snapshot: a count must be an integer from 0, got "
                + SafeText.of(String.valueOf(v)));
        }
        return (int) i.value();
    }
}
