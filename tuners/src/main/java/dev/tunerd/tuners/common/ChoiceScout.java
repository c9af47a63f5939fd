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
 * A bounded scout of named {@code choice} options ({@code choice_scout}, BOHB and ASHA(tpe); issue 13, sessions 29-31).
 * A model-based sampler judges an option by the configurations it has seen with it. When the options are methods (an
 * optimizer, a normalisation, a clipping rule), the other parameters' good values depend on the option (a learning
 * rate and a weight decay per optimizer): the few early configurations that tried an option in another option's
 * region make it look bad, the model stops proposing it, and when it does, it proposes it with the leading option's
 * values, which confirms the verdict. With {@code choice_scout: N}, while an option of a named choice has been drawn
 * from the prior (at random, or by a scout) fewer than {@code N} times, every other draw the model would make is a
 * scout instead: every active named choice takes its least-tried option (ties at random), every other parameter a
 * point of its prior, spread over the option's scouts ({@link ScoutSpread}), so a neglected option is tried on its own
 * terms; once every option is in {@code N} such draws, never again. Since session 31 the model's own proposals do not
 * count towards {@code N} (its SGD draws at Adam's rates say nothing of SGD), and the option the model proposes most
 * (its favourite) is never scouted: the scouts go to the options it neglects. At most {@code N} times the number of
 * named options scouts are drawn in all (a bound also when a nested named choice is rarely active). A named choice is
 * one with two or more options of which at least one is not a number: a choice among numbers (a batch size, a width)
 * is one quantity on a grid, not a change of method (scouting those cost regret, session 29). Spaces without a named
 * choice are never scouted, and neither {@link #due} nor {@link #record} draws a random number, so those runs, and
 * runs with {@code N = 0}, are the runs of before. The counts are keyed by the choice's path and the option's label,
 * so they survive a search-space update and travel with a snapshot ({@link #toJson}, {@link #restore}). Not
 * thread-safe; the generator is the caller's.
 */
public final class ChoiceScout {
    /** The largest {@code choice_scout} accepted. */
    public static final int MAX_PER_OPTION = 1000;

    private final int perOption;
    /** Spreads each option's scouts over the other parameters' prior. */
    private final ScoutSpread spread = new ScoutSpread();
    /** Draws from the prior (at random or by a scout) so far per named choice (its path) and option (its label). */
    private final Map<String, Map<String, Integer>> tried = new TreeMap<>();
    /** The model's own proposals so far per named choice and option. */
    private final Map<String, Map<String, Integer>> proposed = new TreeMap<>();
    /** Scouts drawn so far. */
    private int draws;
    /** Whether the last configuration recorded was a scout (the next model draw is then the model's). */
    private boolean lastWasScout;
    /** Whether {@link #draw} made the configuration {@link #record} is to count next. */
    private boolean scouting;

    /**
     * {@code choice_scout} when the classArgs do not set it: 5 since session 31 (off before; held out, it takes
     * {@code adamsgd} to level with Hyperband or below and leaves every other problem within noise).
     */
    public static final int DEFAULT_PER_OPTION = 5;

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
     * Whether the next draw the model would make in {@code space} is a scout instead: some option of a named choice
     * other than the model's favourite is in fewer than {@code N} draws from the prior, the last configuration was not
     * a scout, and fewer than {@code N} times the number of named options scouts were drawn. Draws no random number.
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
                int favorite = favorite(p);
                for (int o = 0; o < p.size(); o++) {
                    short_ |= o != favorite && count(p, o) < perOption;
                }
            }
        }
        return short_ && draws < (long) perOption * options;
    }

    /**
     * A scout: each active named choice at its least-tried option other than the model's favourite (ties broken at
     * random), parents before children, then every other active parameter at the next point of its prior spread over
     * the scouts of these options ({@link ScoutSpread}). The caller then {@link #record}s it, as every configuration it
     * draws.
     */
    public double[] draw(SearchSpace space, Rng rng) {
        double[] internal = space.newInternal();
        List<ParameterSpec> specs = space.parameters();
        StringBuilder signature = new StringBuilder();
        for (int i = 0; i < specs.size(); i++) { // the named choices first: they decide which parameters are active
            ParameterSpec p = specs.get(i);
            if (isNamedChoice(p) && space.isActive(i, internal)) {
                internal[i] = leastTried(p, rng);
                signature.append(key(p)).append('=').append(label(p, (int) internal[i])).append(';');
            }
        }
        List<Integer> others = new ArrayList<>();
        for (int i = 0; i < specs.size(); i++) {
            if (!isNamedChoice(specs.get(i)) && space.isActive(i, internal)) {
                others.add(i);
            }
        }
        double[] u = spread.next(signature.toString(), others.size(), rng);
        for (int j = 0; j < others.size(); j++) {
            internal[others.get(j)] = ScoutSpread.fromPrior(specs.get(others.get(j)), u[j]);
        }
        draws++;
        scouting = true;
        return internal;
    }

    /**
     * Records a configuration drawn in {@code space} (internal coordinates); {@code byModel}: the model proposed it
     * (not counted: only draws from the prior, at random or by a scout, try an option on its own terms).
     */
    public void record(SearchSpace space, double[] internal, boolean byModel) {
        if (perOption == 0) {
            return;
        }
        lastWasScout = scouting;
        boolean counted = scouting || !byModel;
        scouting = false;
        List<ParameterSpec> specs = space.parameters();
        for (int i = 0; i < specs.size() && i < internal.length; i++) {
            ParameterSpec p = specs.get(i);
            if (isNamedChoice(p) && !Double.isNaN(internal[i])) {
                int o = (int) Math.round(internal[i]);
                if (o >= 0 && o < p.size()) {
                    (counted ? tried : proposed).computeIfAbsent(key(p), k -> new TreeMap<>())
                        .merge(label(p, o), 1, Integer::sum);
                }
            }
        }
    }

    /** The option of {@code p} the model has proposed most often, or -1 (none yet, or a tie). */
    int favorite(ParameterSpec p) {
        Map<String, Integer> byOption = proposed.get(key(p));
        if (byOption == null) {
            return -1;
        }
        int best = -1;
        int most = 0;
        for (int o = 0; o < p.size(); o++) {
            int c = byOption.getOrDefault(label(p, o), 0);
            if (c > most) {
                most = c;
                best = o;
            } else if (c == most) {
                best = -1;
            }
        }
        return best;
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
        int favorite = favorite(p);
        for (int o = 0; o < p.size(); o++) {
            if (o == favorite) {
                continue;
            }
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

    /**
     * The state: {@code {"draws": scouts, "last": lastWasScout, "tried": {choice: {option: count}}, "proposed": {...},
     * "spread": {...}}} ("tried": draws from the prior, "proposed": the model's own).
     */
    public JsonValue toJson() {
        return JsonObject.builder().put("draws", draws).put("last", JsonBool.of(lastWasScout))
            .put("tried", counts(tried)).put("proposed", counts(proposed)).put("spread", spread.toJson()).build();
    }

    private static JsonObject counts(Map<String, Map<String, Integer>> byChoice) {
        JsonObject.Builder options = JsonObject.builder();
        byChoice.forEach((choice, byOption) -> {
            JsonObject.Builder b = JsonObject.builder();
            byOption.forEach(b::put);
            options.put(choice, b.build());
        });
        return options.build();
    }

    /**
     * Continues from {@link #toJson}'s state, checked (counts are integers from 0 up); {@code null} (a snapshot
     * written before scouts) starts from none; "proposed" and "spread" absent (written before session 31): none.
     */
    public void restore(JsonValue state) {
        tried.clear();
        proposed.clear();
        draws = 0;
        lastWasScout = false;
        scouting = false;
        spread.restore(null);
        if (state == null) {
            return;
        }
        JsonObject s = SnapshotJson.object(state, "choice_scout");
        int n = count(SnapshotJson.member(s, "draws"));
        if (!(SnapshotJson.member(s, "last") instanceof JsonBool last)) {
            throw new IllegalArgumentException("choice_scout snapshot: \"last\" must be true or false");
        }
        Map<String, Map<String, Integer>> read = readCounts(SnapshotJson.member(s, "tried"), "tried");
        Map<String, Map<String, Integer>> own = s.get("proposed") == null ? Map.of()
            : readCounts(s.get("proposed"), "proposed");
        spread.restore(s.get("spread"));
        tried.putAll(read);
        proposed.putAll(own);
        draws = n;
        lastWasScout = last.value();
    }

    private static Map<String, Map<String, Integer>> readCounts(JsonValue v, String what) {
        Map<String, Map<String, Integer>> read = new TreeMap<>();
        SnapshotJson.object(v, "choice_scout " + what).members().forEach((c, o) -> {
            Map<String, Integer> byOption = new TreeMap<>();
            SnapshotJson.object(o, "choice_scout " + what).members().forEach((k, x) -> byOption.put(k, count(x)));
            read.put(c, byOption);
        });
        return read;
    }

    private static int count(JsonValue v) {
        return count(v, "choice_scout snapshot");
    }

    /** A count of a snapshot (an integer from 0), or an error naming {@code what}. */
    static int count(JsonValue v, String what) {
        if (!(v instanceof JsonInt i) || i.value() < 0 || i.value() > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(what + ": a count must be an integer from 0, got "
                + SafeText.of(String.valueOf(v)));
        }
        return (int) i.value();
    }
}
