package dev.tunerd.tuners.successivehalving;

import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonBool;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.tuners.model.RankScores;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A configuration as a point of [0, 1]^F for {@link RungPredictor}, read from its parameters alone (an assessor is not
 * given the search space): the parameters are flattened to scalars by path ({@code "optimizer/lr"} inside a nested
 * choice, {@code "layers/0"} in a list); a numeric one becomes its empirical quantile among the reference
 * configurations' values (so a log-uniform learning rate is spread as evenly as a uniform one), a string or boolean one
 * a one-hot block over the options the references hold; a parameter a configuration lacks (an inactive branch) 0.5, an
 * option the references never held zeros. Immutable once built from its references; thread-safe.
 */
final class ParameterFeatures {
    /** Per numeric path: the references' values, sorted. */
    private final Map<String, double[]> numeric = new TreeMap<>();
    /** Per categorical path: the references' options, in order. */
    private final Map<String, List<String>> options = new TreeMap<>();
    private final int width;

    /** The encoding the flattened configurations {@code references} define. */
    ParameterFeatures(List<Map<String, Object>> references) {
        Map<String, List<Double>> values = new TreeMap<>();
        Map<String, TreeSet<String>> seen = new TreeMap<>();
        for (Map<String, Object> r : references) {
            r.forEach((path, v) -> {
                if (v instanceof Double d) {
                    values.computeIfAbsent(path, k -> new ArrayList<>()).add(d);
                } else {
                    seen.computeIfAbsent(path, k -> new TreeSet<>()).add((String) v);
                }
            });
        }
        values.forEach((path, list) -> {
            double[] sorted = list.stream().mapToDouble(Double::doubleValue).sorted().toArray();
            if (sorted[0] < sorted[sorted.length - 1]) { // a constant says nothing
                numeric.put(path, sorted);
            }
        });
        seen.forEach((path, set) -> {
            if (set.size() > 1) {
                options.put(path, List.copyOf(set));
            }
        });
        this.width = numeric.size() + options.values().stream().mapToInt(List::size).sum();
    }

    /** Features per configuration. */
    int width() {
        return width;
    }

    /** The features of a flattened configuration. */
    double[] encode(Map<String, Object> flat) {
        double[] x = new double[width];
        int c = 0;
        for (Map.Entry<String, double[]> e : numeric.entrySet()) {
            Object v = flat.get(e.getKey());
            x[c++] = v instanceof Double d ? RankScores.quantile(e.getValue(), d) : 0.5;
        }
        for (Map.Entry<String, List<String>> e : options.entrySet()) {
            Object v = flat.get(e.getKey());
            int at = v instanceof String s ? e.getValue().indexOf(s) : -1;
            if (at >= 0) {
                x[c + at] = 1;
            }
            c += e.getValue().size();
        }
        return x;
    }

    /**
     * {@code parameters} flattened: path to a Double (a finite number) or a String ({@code "s:"} and a string,
     * {@code "b:"} and a boolean); a null leaves nothing. In the JSON's order. Null when the parameters are larger than
     * a configuration the prediction can use (more than {@value #MAX_NODES} objects, arrays and values, or a path
     * or a string longer than {@value #MAX_PATH} characters): a hostile manager's {@code hyper_params} of a megabyte would
     * otherwise flatten to paths of gigabytes (a long key chain above a wide array) or to 100,000 scalars per trial
     * (issue 13 session 32, hardening); the value then decides for that trial.
     */
    static Map<String, Object> flatten(JsonValue parameters) {
        Map<String, Object> out = new LinkedHashMap<>();
        return flatten("", parameters, out, new int[] {0}) ? out : null;
    }

    /** More objects, arrays and values than this in one configuration: not flattened. */
    static final int MAX_NODES = 1024;
    /** A path longer than this: not flattened. */
    static final int MAX_PATH = 1024;

    private static boolean flatten(String path, JsonValue v, Map<String, Object> out, int[] nodes) {
        if (++nodes[0] > MAX_NODES) {
            return false;
        }
        if (v instanceof JsonObject o) {
            for (Map.Entry<String, JsonValue> m : o.members().entrySet()) {
                if (path.length() + 1 + m.getKey().length() > MAX_PATH
                    || !flatten(path.isEmpty() ? m.getKey() : path + "/" + m.getKey(), m.getValue(), out, nodes)) {
                    return false;
                }
            }
        } else if (v instanceof JsonArray a) {
            for (int i = 0; i < a.size(); i++) {
                if (path.length() + 12 > MAX_PATH || !flatten(path + "/" + i, a.values().get(i), out, nodes)) {
                    return false;
                }
            }
        } else if (v instanceof JsonString s) {
            if (s.value().length() > MAX_PATH) {
                return false;
            }
            out.put(path, "s:" + s.value());
        } else if (v instanceof JsonBool b) {
            out.put(path, "b:" + b.value());
        } else if (v.isNumber()) {
            double d = v.asDouble();
            if (Double.isFinite(d)) {
                out.put(path, d);
            }
        }
        return true;
    }
}
