package dev.tunerd.report;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonBool;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import dev.tunerd.spi.json.JsonValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The trials' parameters as flat columns, for the parallel coordinates and the importance analysis. A top-level key
 * is a column; a nested choice (a dict, NNI's {@code {"_name": "sgd", "lr": 0.1}}) is a categorical column holding its
 * {@code _name} plus one column per inner key, named {@code outer/inner}, absent where another branch was chosen.
 * A column whose present values are all numbers is numeric; any other is categorical (its values as text, the most
 * frequent {@link #MAX_CATEGORIES} kept, the rest counted as "other"). At most {@link #MAX_COLUMNS} columns, in
 * first-seen order. Immutable once built.
 */
final class ParameterColumns {

    static final int MAX_COLUMNS = 40;
    static final int MAX_CATEGORIES = 24;
    static final String OTHER = "(other)";

    /** One column: numeric values (NaN where absent) or category indexes (-1 where absent). */
    record Column(String name, boolean numeric, double[] values, List<String> categories) {
        boolean present(int row) {
            return numeric ? !Double.isNaN(values[row]) : values[row] >= 0;
        }
    }

    private final List<Column> columns;
    private final int dropped;

    private ParameterColumns(List<Column> columns, int dropped) {
        this.columns = List.copyOf(columns);
        this.dropped = dropped;
    }

    List<Column> columns() {
        return columns;
    }

    /** Columns beyond {@link #MAX_COLUMNS} that were left out. */
    int dropped() {
        return dropped;
    }

    static ParameterColumns of(List<ReportTrial> trials) {
        Map<String, List<JsonValue>> raw = new LinkedHashMap<>();
        for (int row = 0; row < trials.size(); row++) {
            JsonValue p = trials.get(row).parameters();
            if (p instanceof JsonObject o) {
                flatten("", o, row, raw);
            } else if (p != null) {
                put(raw, "parameters", row, p);
            }
        }
        List<Column> out = new ArrayList<>();
        int dropped = 0;
        for (Map.Entry<String, List<JsonValue>> e : raw.entrySet()) {
            if (out.size() == MAX_COLUMNS) {
                dropped++;
                continue;
            }
            out.add(column(e.getKey(), e.getValue(), trials.size()));
        }
        return new ParameterColumns(out, dropped);
    }

    private static void flatten(String prefix, JsonObject o, int row, Map<String, List<JsonValue>> raw) {
        for (Map.Entry<String, JsonValue> m : o.members().entrySet()) {
            if (prefix.isEmpty() || !m.getKey().equals("_name")) {
                String name = prefix + m.getKey();
                if (m.getValue() instanceof JsonObject inner) {
                    JsonValue branch = inner.find("_name").orElse(JsonString.of(Json.write(inner)));
                    put(raw, name, row, branch);
                    if (inner.has("_name")) {
                        flatten(name + "/", inner, row, raw);
                    }
                } else {
                    put(raw, name, row, m.getValue());
                }
            }
        }
    }

    private static void put(Map<String, List<JsonValue>> raw, String name, int row, JsonValue v) {
        List<JsonValue> values = raw.computeIfAbsent(name, k -> new ArrayList<>());
        while (values.size() < row) {
            values.add(null);
        }
        values.add(v);
    }

    private static Column column(String name, List<JsonValue> values, int rows) {
        boolean numeric = values.stream().allMatch(v -> v == null || v.isNumber() && !(v instanceof JsonBool));
        double[] out = new double[rows];
        if (numeric) {
            java.util.Arrays.fill(out, Double.NaN);
            for (int r = 0; r < values.size(); r++) {
                if (values.get(r) != null) {
                    out[r] = values.get(r).asDouble();
                }
            }
            return new Column(name, true, out, List.of());
        }
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (JsonValue v : values) {
            if (v != null) {
                counts.merge(label(v), 1, Integer::sum);
            }
        }
        List<String> categories = new ArrayList<>(counts.keySet());
        if (categories.size() > MAX_CATEGORIES) {
            categories.sort((a, b) -> Integer.compare(counts.get(b), counts.get(a)));
            categories = new ArrayList<>(categories.subList(0, MAX_CATEGORIES - 1));
            categories.add(OTHER);
        }
        Map<String, Integer> index = new LinkedHashMap<>();
        for (int i = 0; i < categories.size(); i++) {
            index.put(categories.get(i), i);
        }
        java.util.Arrays.fill(out, -1);
        for (int r = 0; r < values.size(); r++) {
            if (values.get(r) != null) {
                out[r] = index.getOrDefault(label(values.get(r)), index.getOrDefault(OTHER, -1));
            }
        }
        return new Column(name, false, out, categories);
    }

    private static String label(JsonValue v) {
        return v instanceof JsonString s ? s.value() : Json.writeAllowingNonFinite(v);
    }
}
