package dev.tunerd.spi.space;

import dev.tunerd.spi.InvalidSearchSpaceException;
import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.util.Optional;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A parsed, validated NNI search space and the conversion between the internal representation tuners work in
 * ({@link ParameterSpec}) and the user's parameter values. Immutable and thread-safe.
 *
 * <p>Unlike NNI, which only logs a broken space and lets the tuner fail later, {@link #parse} refuses a space with
 * any error. Findings NNI's own tuners survive and its tests rely on (an option that is not a number or string, a
 * constant range {@code low == high}, {@code sigma == 0}) are accepted and listed in {@link #warnings()}.
 */
public final class SearchSpace {

    /** All ten types. */
    public static final Set<ParameterType> ALL_TYPES = Set.copyOf(EnumSet.allOf(ParameterType.class));

    private final JsonObject raw;
    private final List<ParameterSpec> parameters;
    private final List<String> warnings;
    private final boolean[] nestedChoice;
    private final int[] randintLower;
    private final boolean finite;

    private SearchSpace(JsonObject raw, List<ParameterSpec> parameters, List<String> warnings) {
        this.raw = raw;
        this.parameters = List.copyOf(parameters);
        this.warnings = List.copyOf(warnings);
        int n = parameters.size();
        this.nestedChoice = new boolean[n];
        this.randintLower = new int[n];
        boolean anyContinuous = false;
        for (int i = 0; i < n; i++) {
            ParameterSpec p = parameters.get(i);
            nestedChoice[i] = p.isNestedChoice();
            if (p.type() == ParameterType.RANDINT) {
                randintLower[i] = (int) Math.min(Math.ceil(p.values().get(0).asDouble()),
                    Math.ceil(p.values().get(1).asDouble()));
            }
            anyContinuous |= p.isTopLevel() && isContinuous(p);
        }
        this.finite = !anyContinuous;
    }

    /**
     * Parses and validates with NNI's rules and messages.
     *
     * @param supported the types the calling algorithm supports
     * @throws InvalidSearchSpaceException carrying every violation
     */
    public static SearchSpace parse(JsonObject raw, Set<ParameterType> supported) {
        return parse((JsonValue) raw, supported);
    }

    /**
     * As {@link #parse(JsonObject, Set)} for a value that may not even be an object (NNI's first rule).
     *
     * @throws InvalidSearchSpaceException carrying every violation
     */
    public static SearchSpace parse(JsonValue raw, Set<ParameterType> supported) {
        SpaceParser parser = new SpaceParser(supported);
        parser.parse(raw);
        if (!parser.errors.isEmpty()) {
            throw new InvalidSearchSpaceException(parser.errors);
        }
        return new SearchSpace((JsonObject) raw, parser.specs, parser.warnings);
    }

    /** The space as the user sent it. */
    public JsonObject raw() {
        return raw;
    }

    /** Every parameter, nested ones included, parents before their children, in the user's key order. */
    public List<ParameterSpec> parameters() {
        return parameters;
    }

    /** The number of parameters ({@code parameters().size()}). */
    public int size() {
        return parameters.size();
    }

    /** True when there is no parameter at all. */
    public boolean isEmpty() {
        return parameters.isEmpty();
    }

    /** NNI's validation messages for findings that were accepted (see the class comment); log them as warnings. */
    public List<String> warnings() {
        return warnings;
    }

    /** A fresh internal vector: NaN everywhere (nothing chosen, nothing active below a nested choice). */
    public double[] newInternal() {
        double[] internal = new double[parameters.size()];
        Arrays.fill(internal, Double.NaN);
        return internal;
    }

    /** Whether parameter {@code index} is active given the internal values chosen so far for its ancestors. */
    public boolean isActive(int index, double[] internal) {
        ParameterSpec p = parameters.get(index);
        while (p.parentIndex() >= 0) {
            double chosen = internal[p.parentIndex()];
            if (Double.isNaN(chosen) || (int) chosen != p.parentBranch()) {
                return false;
            }
            p = parameters.get(p.parentIndex());
        }
        return true;
    }

    /**
     * Internal values (one per parameter; inactive ones ignored, conventionally NaN) to the user's parameters: the
     * object sent in {@code TR}. Applies q rounding (half to even), clipping, exp for log types, randint offsets,
     * JSON integer versus float typing, nested {@code _name} objects.
     *
     * @throws IllegalArgumentException when the vector has the wrong length or a categorical index is out of range
     */
    public JsonObject format(double[] internal) {
        checkLength(internal);
        Map<String, Object> root = new LinkedHashMap<>();
        for (int i = 0; i < parameters.size(); i++) {
            if (isActive(i, internal)) {
                place(root, parameters.get(i), formatOne(i, internal[i]));
            }
        }
        return toJson(root);
    }

    private Object formatOne(int i, double x) {
        ParameterSpec p = parameters.get(i);
        if (!p.categorical()) {
            return JsonFloat.of(p.formatNumber(x));
        }
        if (Double.isNaN(x) || x < 0 || x >= p.size()) {
            throw new IllegalArgumentException("index " + x + " of \"" + String.join("/", p.path())
                + "\" is outside 0.." + (p.size() - 1));
        }
        int index = (int) x;
        if (p.type() == ParameterType.RANDINT) {
            return JsonInt.of((long) randintLower[i] + index);
        }
        if (nestedChoice[i]) {
            Map<String, Object> branch = new LinkedHashMap<>();
            branch.put("_name", ((JsonObject) p.values().get(index)).get("_name"));
            return branch;
        }
        return p.values().get(index);
    }

    @SuppressWarnings("unchecked")
    private static void place(Map<String, Object> root, ParameterSpec p, Object value) {
        Map<String, Object> container = root;
        List<String> path = p.path();
        for (int k = 0; k < path.size() - 1; k += 2) {
            container = (Map<String, Object>) container.computeIfAbsent(path.get(k), key -> new LinkedHashMap<>());
        }
        container.put(p.name(), value);
    }

    @SuppressWarnings("unchecked")
    private static JsonObject toJson(Map<String, Object> tree) {
        JsonObject.Builder b = JsonObject.builder();
        tree.forEach((k, v) -> b.put(k, v instanceof Map<?, ?> m ? toJson((Map<String, Object>) m) : (JsonValue) v));
        return b.build();
    }

    /**
     * The reverse of {@link #format}: user parameters (from {@code FD} or a checkpoint) to internal values, NaN for
     * inactive parameters. As NNI's {@code format_parameters}, q values are not re-quantised, and a choice value is
     * found with Python's {@code ==} (first equal option).
     *
     * @throws IllegalArgumentException naming the key when a value does not fit this space
     */
    public double[] deformat(JsonValue parameters) {
        double[] internal = newInternal();
        for (int i = 0; i < this.parameters.size(); i++) {
            if (isActive(i, internal)) {
                internal[i] = deformatOne(i, lookup(parameters, this.parameters.get(i)));
            }
        }
        return internal;
    }

    /**
     * Why a user's parameter set (an {@code FD} entry) is not one this space could produce: a missing or unknown key,
     * a choice value not among the options, a number out of range. Empty when it fits.
     */
    public Optional<String> misfit(JsonValue parameters) {
        return FitCheck.misfit(this, parameters);
    }

    private static JsonValue lookup(JsonValue parameters, ParameterSpec p) {
        JsonValue value = parameters;
        List<String> path = p.path();
        for (int k = 0; k < path.size(); k += 2) {
            JsonValue next = value instanceof JsonObject o ? o.get(path.get(k)) : null;
            if (next == null) {
                throw new IllegalArgumentException("parameter \"" + String.join("/", path.subList(0, k + 1))
                    + "\" is missing from " + PythonRepr.repr(parameters));
            }
            value = next;
        }
        return value;
    }

    private double deformatOne(int i, JsonValue value) {
        ParameterSpec p = parameters.get(i);
        String key = "parameter \"" + String.join("/", p.path()) + "\" ";
        if (p.type() == ParameterType.RANDINT) {
            double x = value.isNumber() ? value.asDouble() - randintLower[i] : Double.NaN;
            if (!(x >= 0 && x < p.size() && x == Math.rint(x))) {
                throw new IllegalArgumentException(key + "value " + PythonRepr.repr(value) + " is not in randint "
                    + PythonRepr.repr(p.values()));
            }
            return x;
        }
        if (p.type() == ParameterType.CHOICE) {
            return choiceIndex(i, value, key);
        }
        if (!value.isNumber()) {
            throw new IllegalArgumentException(key + "value " + PythonRepr.repr(value) + " is not a number");
        }
        double x = value.asDouble();
        if (p.log() && !(x > 0)) {
            throw new IllegalArgumentException(key + "value " + PythonRepr.repr(value) + " must be positive");
        }
        return p.log() ? Math.log(x) : x;
    }

    private int choiceIndex(int i, JsonValue value, String key) {
        JsonArray options = parameters.get(i).values();
        for (int k = 0; k < options.size(); k++) {
            boolean match = nestedChoice[i]
                ? value instanceof JsonObject o && o.has("_name")
                    && PythonValues.equal(o.get("_name"), ((JsonObject) options.get(k)).get("_name"))
                : PythonValues.equal(value, options.get(k));
            if (match) {
                return k;
            }
        }
        throw new IllegalArgumentException(key + "value " + PythonRepr.repr(value) + " is not one of the choices");
    }

    /**
     * True when the space has finitely many distinct parameter sets (no continuous active parameter), in which case
     * tuners deduplicate (NNI's {@code dedup.py}). As in NNI only top-level parameters are looked at: a continuous
     * parameter inside a nested branch does not make the space infinite.
     */
    public boolean isFinite() {
        return finite;
    }

    /** NNI's {@code _spec_never_dup} without the nesting test: a non-q numeric parameter with a real range. */
    private static boolean isContinuous(ParameterSpec p) {
        if (p.categorical() || p.isQuantized()) {
            return false;
        }
        return p.normal() ? p.sigma() > 0 : p.low() < p.high();
    }

    private void checkLength(double[] internal) {
        if (internal.length != parameters.size()) {
            throw new IllegalArgumentException("expected " + parameters.size() + " internal values, got "
                + internal.length);
        }
    }

    @Override
    public String toString() {
        return "SearchSpace" + PythonRepr.repr(raw);
    }
}
