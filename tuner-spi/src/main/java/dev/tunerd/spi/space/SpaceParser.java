package dev.tunerd.spi.space;

import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonBool;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import dev.tunerd.spi.json.JsonValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One pass over a user's search space: NNI's validation rules with NNI's messages ({@code validation.py}), applied to
 * every entry (NNI stops at the first) and recursively inside nested-choice branches (NNI does not look there), plus
 * the typed {@link ParameterSpec}s in NNI's order ({@code formatting.py}). Findings NNI's tuners survive (a choice
 * option that is not a number or string, {@code low == high} outside randint, {@code sigma == 0}) are warnings; the
 * rest are errors. Single use, not thread-safe.
 */
final class SpaceParser {
    private final Set<ParameterType> supported;
    final List<String> errors = new ArrayList<>();
    final List<String> warnings = new ArrayList<>();
    final List<ParameterSpec> specs = new ArrayList<>();

    SpaceParser(Set<ParameterType> supported) {
        this.supported = Set.copyOf(supported);
    }

    void parse(JsonValue raw) {
        if (raw instanceof JsonObject space) {
            parseObject(space, List.of(), -1, -1);
        } else {
            errors.add("search space is a " + PythonRepr.typeName(raw) + ", expect a dict : " + PythonRepr.repr(raw));
        }
    }

    private void parseObject(JsonObject space, List<String> parentPath, int parentIndex, int parentBranch) {
        for (Map.Entry<String, JsonValue> entry : space.members().entrySet()) {
            if (parentIndex >= 0 && entry.getKey().equals("_name")) {
                continue;
            }
            List<String> path = new ArrayList<>(parentPath);
            path.add(entry.getKey());
            ParameterType type = check(String.join("/", path), entry.getValue());
            if (type == null) {
                continue;
            }
            JsonArray args = (JsonArray) ((JsonObject) entry.getValue()).get("_value");
            int index = specs.size();
            specs.add(build(entry.getKey(), type, args, path, parentIndex, parentBranch));
            if (type == ParameterType.CHOICE && isNested(args)) {
                for (int b = 0; b < args.size(); b++) {
                    List<String> branchPath = new ArrayList<>(path);
                    branchPath.add(Integer.toString(b));
                    parseObject((JsonObject) args.get(b), branchPath, index, b);
                }
            }
        }
    }

    /** NNI's rules for one entry, in NNI's order; returns the type, or null after recording an error. */
    private ParameterType check(String name, JsonValue value) {
        String head = "search space \"" + name + "\"";
        if (!(value instanceof JsonObject spec)) {
            return error(head + " is a " + PythonRepr.typeName(value) + ", expect a dict : " + PythonRepr.repr(value));
        }
        String tail = " : " + PythonRepr.repr(spec);
        if (!spec.has("_type") || !spec.has("_value")) {
            return error(head + " does not have \"_type\" or \"_value\"" + tail);
        }
        JsonValue typeName = spec.get("_type");
        ParameterType type = typeName instanceof JsonString s ? ParameterType.fromWire(s.value()) : null;
        if (type == null || !supported.contains(type)) {
            return error(head + " has unsupported type \"" + PythonRepr.str(typeName) + "\"" + tail);
        }
        if (!(spec.get("_value") instanceof JsonArray args)) {
            return error(head + "'s value is not a list" + tail);
        }
        String typed = head + " (" + type.wireName() + ")";
        return type == ParameterType.CHOICE ? checkChoice(typed, args, tail) : checkNumeric(typed, type, args, tail);
    }

    private ParameterType checkChoice(String typed, JsonArray args, String tail) {
        if (args.size() == 0) {
            return error(typed + " must have at least one option" + tail);
        }
        boolean scalars = args.values().stream().allMatch(a -> a.isNumber() || a instanceof JsonString);
        boolean firstNested = args.get(0) instanceof JsonObject o && o.has("_name");
        if (firstNested && !isNested(args)) {
            return error(typed + " mixes nested options (objects with \"_name\") with other options" + tail);
        }
        if (!scalars && !firstNested) {
            warnings.add(typed + " should only contain numbers or strings" + tail);
        }
        return ParameterType.CHOICE;
    }

    private ParameterType checkNumeric(String typed, ParameterType type, JsonArray args, String tail) {
        int arity = type.isQuantized() ? 3 : 2;
        if (args.size() != arity) {
            return error(typed + " must have " + arity + " values" + tail);
        }
        if (type == ParameterType.RANDINT) {
            if (!args.values().stream().allMatch(a -> a instanceof JsonInt || a instanceof JsonBool)) {
                return error(typed + " must have int values" + tail);
            }
        } else if (!args.values().stream().allMatch(JsonValue::isNumber)) {
            return error(typed + " must have float values" + tail);
        }
        if (!args.values().stream().allMatch(a -> Double.isFinite(a.asDouble()))) {
            return error(typed + " must have finite values" + tail);
        }
        double first = args.get(0).asDouble();
        double second = args.get(1).asDouble();
        boolean ok = type.isNormal() ? checkSigma(typed, second, tail) : checkBounds(typed, type, first, second, tail);
        if (ok && type.isQuantized() && !(args.get(2).asDouble() > 0)) {
            return error(typed + " must have q > 0" + tail);
        }
        if (ok && type == ParameterType.RANDINT && second - first > Integer.MAX_VALUE) {
            return error(typed + " must have at most " + Integer.MAX_VALUE + " values" + tail);
        }
        String overflow = ok && type != ParameterType.RANDINT ? ValueReach.overflow(type, first, second,
            type.isQuantized() ? args.get(2).asDouble() : Double.NaN) : null;
        if (overflow != null) {
            return error(typed + " " + overflow + tail);
        }
        return ok ? type : null;
    }

    private boolean checkBounds(String typed, ParameterType type, double low, double high, String tail) {
        if (low >= high) {
            String message = typed + " must have high > low" + tail;
            if (low > high || type == ParameterType.RANDINT) {
                errors.add(message);
                return false;
            }
            warnings.add(message);
        }
        if (type.isLog() && low <= 0) {
            errors.add(typed + " must have low > 0" + tail);
            return false;
        }
        return true;
    }

    private boolean checkSigma(String typed, double sigma, String tail) {
        if (sigma <= 0) {
            String message = typed + " must have sigma > 0" + tail;
            (sigma < 0 ? errors : warnings).add(message);
            return sigma == 0;
        }
        return true;
    }

    private ParameterType error(String message) {
        errors.add(message);
        return null;
    }

    /** NNI's {@code _is_nested_choices}: every option is an object with {@code _name}. */
    static boolean isNested(JsonArray options) {
        return options.size() > 0
            && options.values().stream().allMatch(o -> o instanceof JsonObject obj && obj.has("_name"));
    }

    private static ParameterSpec build(String name, ParameterType type, JsonArray args, List<String> path,
                                       int parentIndex, int parentBranch) {
        double nan = Double.NaN;
        if (type == ParameterType.CHOICE) {
            return new ParameterSpec(name, type, args, path, parentIndex, parentBranch, true, args.size(),
                nan, nan, false, nan, nan, nan, nan, nan, false);
        }
        double first = args.get(0).asDouble();
        double second = args.get(1).asDouble();
        if (type == ParameterType.RANDINT) {
            int size = (int) (Math.ceil(second) - Math.ceil(first));
            return new ParameterSpec(name, type, args, path, parentIndex, parentBranch, true, size,
                nan, nan, false, nan, nan, nan, nan, nan, false);
        }
        double q = type.isQuantized() ? args.get(2).asDouble() : nan;
        boolean log = type.isLog();
        if (type.isNormal()) {
            return new ParameterSpec(name, type, args, path, parentIndex, parentBranch, false, 0,
                nan, nan, true, first, second, q, nan, nan, log);
        }
        double clipLow = type.isQuantized() ? first : nan;
        double clipHigh = type.isQuantized() ? second : nan;
        double low = log ? Math.log(first) : first;
        double high = log ? Math.log(second) : second;
        return new ParameterSpec(name, type, args, path, parentIndex, parentBranch, false, 0,
            low, high, false, nan, nan, q, clipLow, clipHigh, log);
    }
}
