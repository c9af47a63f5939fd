package dev.tunerd.tuners.model;

import dev.tunerd.spi.InvalidSearchSpaceException;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.spi.space.ParameterSpec;
import dev.tunerd.spi.space.ParameterType;
import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.tuners.common.Rng;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * A flat, all-numeric search space (NNI's Metis and DNGO spaces) as the unit cube [0, 1]^d, one coordinate per
 * parameter: the uniform family and {@code randint} as {@link UnitSpace} maps them, and a numeric {@code choice} as an
 * ordinal on its option values (the coordinate of option {@code v} is {@code (v - min) / (max - min)}, a coordinate
 * decodes to the option nearest to it), which is how NNI's Metis treats one. Points are canonical: the coordinate of
 * the value the user will get (snapped to its grid). Immutable and thread-safe.
 */
public final class NumericCube {
    private final UnitSpace unit;
    /** Per parameter, the option values of a choice sorted ascending, else null. */
    private final double[][] optionValues;
    /** Per parameter, the option index of each sorted value, else null. */
    private final int[][] optionIndex;

    public NumericCube(SearchSpace space) {
        this.unit = new UnitSpace(space.parameters());
        int d = unit.size();
        optionValues = new double[d][];
        optionIndex = new int[d][];
        for (int i = 0; i < d; i++) {
            ParameterSpec p = unit.spec(i);
            if (p.type() == ParameterType.CHOICE) {
                int k = p.size();
                Integer[] order = new Integer[k];
                Arrays.setAll(order, j -> j);
                Arrays.sort(order, (a, b) -> Double.compare(p.values().get(a).asDouble(), p.values().get(b).asDouble()));
                optionValues[i] = new double[k];
                optionIndex[i] = new int[k];
                for (int j = 0; j < k; j++) {
                    optionIndex[i][j] = order[j];
                    optionValues[i][j] = p.values().get(order[j]).asDouble();
                }
            }
        }
    }

    /**
     * Parses {@code raw} for a tuner that takes only {@code types}, with choices of numbers only.
     *
     * @throws InvalidSearchSpaceException naming every problem, each prefixed with {@code tuner}
     */
    public static SearchSpace parse(JsonObject raw, Set<ParameterType> types, String tuner) {
        SearchSpace space;
        try {
            space = SearchSpace.parse(raw, types);
        } catch (InvalidSearchSpaceException e) {
            throw new InvalidSearchSpaceException(e.problems().stream().map(p -> tuner + ": " + p).toList());
        }
        List<String> problems = new ArrayList<>();
        for (ParameterSpec p : space.parameters()) {
            if (p.type() == ParameterType.CHOICE) {
                for (JsonValue v : p.values().values()) {
                    if (!v.isNumber() || !Double.isFinite(v.asDouble())) {
                        problems.add(tuner + ": parameter \"" + String.join("/", p.path())
                            + "\" is a choice with a non-numeric option; " + tuner + " supports numeric choice only");
                        break;
                    }
                }
            }
        }
        if (!problems.isEmpty()) {
            throw new InvalidSearchSpaceException(problems);
        }
        return space;
    }

    /** Number of coordinates (parameters). */
    public int dimension() {
        return unit.size();
    }

    /** The canonical coordinates of an internal vector. */
    public double[] encode(double[] internal) {
        double[] u = new double[unit.size()];
        for (int i = 0; i < u.length; i++) {
            if (optionValues[i] != null) {
                double[] v = optionValues[i];
                double span = v[v.length - 1] - v[0];
                double value = unit.spec(i).values().get((int) internal[i]).asDouble();
                u[i] = span > 0 ? (value - v[0]) / span : 0.5;
            } else {
                u[i] = unit.snap(i, unit.toUnit(i, internal[i]));
            }
        }
        return u;
    }

    /** The internal vector of coordinates (clipped into the cube; a choice takes the nearest option). */
    public double[] decode(double[] u) {
        double[] internal = new double[unit.size()];
        for (int i = 0; i < internal.length; i++) {
            double c = Math.min(1.0, Math.max(0.0, u[i]));
            if (optionValues[i] != null) {
                double[] v = optionValues[i];
                double target = v[0] + c * (v[v.length - 1] - v[0]);
                int best = 0;
                for (int j = 1; j < v.length; j++) {
                    if (Math.abs(v[j] - target) < Math.abs(v[best] - target)) {
                        best = j;
                    }
                }
                internal[i] = optionIndex[i][best];
            } else {
                internal[i] = unit.toInternalInBounds(i, c);
            }
        }
        return internal;
    }

    /** The coordinates of the point the user will get for {@code u}. */
    public double[] canonical(double[] u) {
        return encode(decode(u));
    }

    /** A uniform random point (canonical): a choice picks each option with equal probability. */
    public double[] random(Rng rng) {
        double[] internal = new double[unit.size()];
        for (int i = 0; i < internal.length; i++) {
            if (optionValues[i] != null) {
                internal[i] = rng.nextInt(optionValues[i].length);
            } else {
                internal[i] = unit.toInternalInBounds(i, rng.nextDouble());
            }
        }
        return encode(internal);
    }

    /** A point near {@code centre}: every coordinate moved by a normal step of deviation {@code scale}, canonical. */
    public double[] near(double[] centre, double scale, Rng rng) {
        double[] u = new double[centre.length];
        for (int i = 0; i < u.length; i++) {
            u[i] = Math.min(1.0, Math.max(0.0, centre[i] + scale * rng.nextGaussian()));
        }
        return canonical(u);
    }

    /** Whether two canonical points are the same configuration. */
    public static boolean same(double[] a, double[] b) {
        return Arrays.equals(a, b);
    }
}
