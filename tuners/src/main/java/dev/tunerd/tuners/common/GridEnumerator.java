package dev.tunerd.tuners.common;

import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonBool;
import dev.tunerd.spi.json.JsonNull;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.spi.space.ParameterSpec;
import dev.tunerd.spi.space.SearchSpace;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * NNI's grid enumeration ({@code gridsearch_tuner.py}), step for step, so that the order and the values are NNI's.
 *
 * <p>Categorical dimensions list every index. A numeric dimension is walked in "epochs" in CDF space: epoch 1 holds
 * {1/2}; each later epoch adds the midpoints of the intervals that still split into distinct user values (after
 * log, q rounding and clipping), so {1/4, 3/4}, then eighths... Positions map to values by the inverse CDF: linear for
 * the uniform family, {@code mu + sigma * sqrt(2) * erfinv(2p - 1)} for the normal family. Within an epoch, vectors
 * run like an odometer over the dimensions active for the current vector, the last one fastest; vectors whose every
 * coordinate lies in an earlier epoch are skipped. When an epoch adds nothing, the grid is exhausted.
 *
 * <p>Lazy: categorical dimensions are never listed (a position is its index), numeric ones grow an epoch at a time,
 * so the memory held is that of the epochs walked so far, never the grid's size.
 *
 * <p>{@link #next()} yields internal vectors (see {@link SearchSpace#format}); callers remove repeats with a
 * {@link ParameterHistory}. Not thread-safe.
 */
public final class GridEnumerator {
    private static final double SQRT2 = Math.sqrt(2);

    private final SearchSpace space;
    private final List<ParameterSpec> specs;
    private final List<List<Double>> grid = new ArrayList<>();
    private final List<List<double[]>> divisions = new ArrayList<>();
    private final List<Map<Double, Double>> inverseCache = new ArrayList<>();
    private final int[] epochBar;
    private int[] vector;
    private boolean exhausted;

    public GridEnumerator(SearchSpace space) {
        this.space = space;
        this.specs = space.parameters();
        this.epochBar = new int[specs.size()];
        for (int i = 0; i < specs.size(); i++) {
            ParameterSpec spec = specs.get(i);
            inverseCache.add(new HashMap<>());
            List<Double> positions = new ArrayList<>();
            List<double[]> divs = new ArrayList<>();
            if (!spec.categorical()) { // a categorical dimension's positions are 0 .. size-1, never listed
                positions.add(0.5);
                if (less(i, 0, 0.5)) {
                    divs.add(new double[] {0, 0.5});
                }
                if (less(i, 0.5, 1)) {
                    divs.add(new double[] {0.5, 1});
                }
            }
            grid.add(positions);
            divisions.add(divs);
        }
    }

    /** The next internal vector, or null when the whole grid has been walked. */
    public double[] next() {
        while (!exhausted) {
            nextVector();
            if (vector == null) {
                nextGrid();
                continue;
            }
            boolean old = true;
            for (int i = 0; i < vector.length; i++) {
                old &= vector[i] < epochBar[i];
            }
            if (!old) {
                return current();
            }
        }
        return null;
    }

    /** True once {@link #next()} has returned null. */
    public boolean isExhausted() {
        return exhausted;
    }

    private void nextVector() {
        if (vector == null) {
            vector = new int[specs.size()];
            return;
        }
        double[] params = current();
        for (int i = specs.size() - 1; i >= 0; i--) {
            if (!space.isActive(i, params)) {
                continue;
            }
            if (vector[i] + 1 < gridSize(i)) {
                vector[i]++;
                return;
            }
            vector[i] = 0;
        }
        vector = null;
    }

    private void nextGrid() {
        boolean updated = false;
        for (int i = 0; i < specs.size(); i++) {
            ParameterSpec spec = specs.get(i);
            epochBar[i] = gridSize(i);
            if (spec.categorical()) {
                continue;
            }
            List<double[]> newDivisions = new ArrayList<>();
            for (double[] lr : divisions.get(i)) {
                double l = lr[0];
                double r = lr[1];
                double mid = (l + r) / 2;
                boolean diffL = less(i, l, mid);
                boolean diffR = less(i, mid, r);
                if ((diffL || l == 0.0) && (diffR || r == 1.0)) {
                    grid.get(i).add(mid);
                    updated = true;
                }
                if (diffL) {
                    newDivisions.add(new double[] {l, mid});
                    updated |= l == 0.0;
                }
                if (diffR) {
                    newDivisions.add(new double[] {mid, r});
                    updated |= r == 1.0;
                }
            }
            divisions.set(i, newDivisions);
        }
        exhausted = !updated;
    }

    private double[] current() {
        double[] params = space.newInternal();
        for (int i = 0; i < specs.size(); i++) {
            if (space.isActive(i, params)) {
                params[i] = specs.get(i).categorical() ? vector[i] : inverse(i, grid.get(i).get(vector[i]));
            }
        }
        return params;
    }

    /**
     * How many positions dimension {@code i} has so far: all of a categorical one's options (never materialised, so
     * {@code randint [0, 2147483646]} costs nothing until it is walked), a numeric one's epochs so far.
     */
    private int gridSize(int i) {
        return specs.get(i).categorical() ? specs.get(i).size() : grid.get(i).size();
    }

    private double inverse(int i, double position) {
        return inverseCache.get(i).computeIfAbsent(position, p -> cdfInverse(p, specs.get(i)));
    }

    /** NNI's {@code _less}: whether two CDF positions of dimension i give increasing user values. */
    private boolean less(int i, double x, double y) {
        ParameterSpec spec = specs.get(i);
        return userValue(inverse(i, x), spec) < userValue(inverse(i, y), spec);
    }

    private static double userValue(double internal, ParameterSpec spec) {
        return Double.isInfinite(internal) ? internal : spec.formatNumber(internal);
    }

    /** The inverse CDF of the parameter's distribution in internal space, evaluated in NNI's operation order. */
    static double cdfInverse(double p, ParameterSpec spec) {
        if (spec.normal()) {
            return spec.mu() + spec.sigma() * SQRT2 * InverseErf.erfinv(2 * p - 1);
        }
        return spec.low() + (spec.high() - spec.low()) * p;
    }

    /** The position of the walk, for checkpoints. */
    public JsonObject snapshot() {
        List<JsonValue> positions = new ArrayList<>();
        List<JsonValue> divs = new ArrayList<>();
        for (int i = 0; i < specs.size(); i++) {
            positions.add(SnapshotJson.doubles(grid.get(i)));
            List<Double> flat = new ArrayList<>();
            divisions.get(i).forEach(lr -> {
                flat.add(lr[0]);
                flat.add(lr[1]);
            });
            divs.add(SnapshotJson.doubles(flat));
        }
        return JsonObject.builder().put("grid", new JsonArray(positions)).put("divisions", new JsonArray(divs))
            .put("epochBar", SnapshotJson.ints(epochBar))
            .put("vector", vector == null ? JsonNull.INSTANCE : SnapshotJson.ints(vector))
            .put("exhausted", JsonBool.of(exhausted)).build();
    }

    /**
     * Continues from a {@link #snapshot()} taken over the same search space.
     *
     * @throws IllegalArgumentException when the snapshot does not fit this space
     */
    public void restore(JsonValue snapshot) {
        JsonObject s = SnapshotJson.object(snapshot, "grid");
        JsonArray positions = SnapshotJson.arrayMember(s, "grid");
        JsonArray divs = SnapshotJson.arrayMember(s, "divisions");
        int[] bar = SnapshotJson.toInts(SnapshotJson.member(s, "epochBar"));
        JsonValue vec = SnapshotJson.member(s, "vector");
        int[] restoredVector = vec instanceof JsonNull ? null : SnapshotJson.toInts(vec);
        if (positions.size() != specs.size() || divs.size() != specs.size() || bar.length != specs.size()
            || restoredVector != null && restoredVector.length != specs.size()) {
            throw new IllegalArgumentException("grid snapshot has a different number of dimensions than the space ("
                + specs.size() + ")");
        }
        for (int i = 0; i < specs.size(); i++) {
            // snapshots before #12 listed a categorical dimension's positions; they are 0 .. size-1 either way
            grid.set(i, specs.get(i).categorical() ? new ArrayList<>()
                : new ArrayList<>(SnapshotJson.toDoubles(positions.get(i))));
            List<Double> flat = SnapshotJson.toDoubles(divs.get(i));
            List<double[]> pairs = new ArrayList<>();
            for (int k = 0; k + 1 < flat.size(); k += 2) {
                pairs.add(new double[] {flat.get(k), flat.get(k + 1)});
            }
            divisions.set(i, pairs);
            if (restoredVector != null && restoredVector[i] >= gridSize(i)) {
                throw new IllegalArgumentException("grid snapshot position is outside the grid of dimension " + i);
            }
        }
        System.arraycopy(bar, 0, epochBar, 0, bar.length);
        vector = restoredVector;
        exhausted = SnapshotJson.member(s, "exhausted") == JsonBool.TRUE;
    }
}
