package dev.tunerd.tuners.model;

import dev.tunerd.spi.space.ParameterSpec;
import dev.tunerd.tuners.common.Normal;
import dev.tunerd.spi.space.ParameterType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A search space seen as a unit hyper-cube, the coordinates the model-based tuners work in. Numeric parameters map
 * to [0, 1]: the uniform family linearly (log types already are in log space internally), the normal family
 * through its own CDF (so a uniform draw in the cube is a draw from the user's normal prior), {@code randint} as an
 * ordinal (bin centres {@code (i + 0.5) / size}). {@code choice} stays categorical: its coordinate is the option
 * index. Parameters are also grouped by activation condition (the nested choice branch they live under), which is
 * how the tuners handle conditional spaces. Immutable and thread-safe.
 */
public final class UnitSpace {
    private static final double EDGE = 1e-12;
    private static final double LOG_EDGE = 1e-9;
    private final List<ParameterSpec> params;
    private final int[][] groups;

    public UnitSpace(List<ParameterSpec> params) {
        this.params = List.copyOf(params);
        Map<Long, List<Integer>> byCondition = new LinkedHashMap<>();
        for (int i = 0; i < this.params.size(); i++) {
            ParameterSpec p = this.params.get(i);
            long key = ((long) p.parentIndex() << 32) ^ (p.parentBranch() & 0xffffffffL);
            byCondition.computeIfAbsent(key, k -> new ArrayList<>()).add(i);
        }
        groups = byCondition.values().stream().map(l -> l.stream().mapToInt(Integer::intValue).toArray())
            .toArray(int[][]::new);
    }

    public int size() {
        return params.size();
    }

    public ParameterSpec spec(int i) {
        return params.get(i);
    }

    /** Parameter indices grouped by activation condition, parents' groups first; group 0 holds the top level. */
    public int[][] groups() {
        return groups;
    }

    /** True for {@code choice}: the coordinate is an option index, not a point of [0, 1]. */
    public boolean isCategorical(int i) {
        return params.get(i).type() == ParameterType.CHOICE;
    }

    /** Number of options of a categorical parameter. */
    public int categories(int i) {
        return params.get(i).size();
    }

    /** Whether parameter {@code i} is active given internal values of (at least) its ancestors. */
    public boolean isActive(int i, double[] internal) {
        ParameterSpec p = params.get(i);
        if (p.parentIndex() < 0) {
            return true;
        }
        return isActive(p.parentIndex(), internal) && internal[p.parentIndex()] == p.parentBranch();
    }

    /** Smallest useful kernel width in unit coordinates: one step of a discrete grid, else 0. */
    public double minBandwidth(int i) {
        ParameterSpec p = params.get(i);
        if (p.type() == ParameterType.RANDINT) {
            return 1.0 / p.size();
        }
        if (p.type() == ParameterType.QUNIFORM) {
            return p.high() > p.low() ? Math.min(1.0, p.q() / (p.high() - p.low())) : 1.0;
        }
        return 0.0;
    }

    /** Internal value to its coordinate. */
    public double toUnit(int i, double internal) {
        ParameterSpec p = params.get(i);
        if (p.type() == ParameterType.CHOICE) {
            return internal;
        }
        if (p.type() == ParameterType.RANDINT) {
            return (internal + 0.5) / p.size();
        }
        if (p.normal()) {
            return p.sigma() > 0 ? clampOpen(Normal.cdf((internal - p.mu()) / p.sigma())) : 0.5;
        }
        return p.high() > p.low() ? clamp((internal - p.low()) / (p.high() - p.low())) : 0.5;
    }

    /** Coordinate to internal value (the inverse of {@link #toUnit}, with randint bins floored). */
    public double toInternal(int i, double unit) {
        ParameterSpec p = params.get(i);
        if (p.type() == ParameterType.CHOICE) {
            return unit;
        }
        if (p.type() == ParameterType.RANDINT) {
            return Math.min(p.size() - 1, Math.max(0, (int) Math.floor(unit * p.size())));
        }
        if (p.normal()) {
            return p.mu() + p.sigma() * Normal.inverseCdf(clampOpen(unit));
        }
        return p.low() + clamp(unit) * (p.high() - p.low());
    }

    /**
     * As {@link #toInternal}, but a log type's coordinate is kept 1e-9 inside the cube first: {@code exp(log(high))}
     * may round above {@code high}, and optimisers that stop on a bound would hand the user a value out of range.
     */
    public double toInternalInBounds(int i, double unit) {
        if (params.get(i).log()) {
            unit = Math.min(1 - LOG_EDGE, Math.max(LOG_EDGE, unit));
        }
        return toInternal(i, unit);
    }

    /** The coordinate of the value the user will actually get: randint bin centre, q-rounded value; else as is. */
    public double snap(int i, double unit) {
        ParameterSpec p = params.get(i);
        if (p.type() == ParameterType.CHOICE) {
            return unit;
        }
        if (p.type() == ParameterType.RANDINT) {
            return toUnit(i, toInternal(i, unit));
        }
        if (!p.isQuantized()) {
            return unit;
        }
        double internal = toInternal(i, unit);
        double user = p.log() ? Math.exp(internal) : internal;
        double rounded = Math.rint(user / p.q()) * p.q();
        if (!Double.isNaN(p.clipLow())) {
            rounded = Math.min(p.clipHigh(), Math.max(p.clipLow(), rounded));
        }
        if (p.log() && !(rounded > 0)) {
            return unit;
        }
        return toUnit(i, p.log() ? Math.log(rounded) : rounded);
    }

    private static double clamp(double u) {
        return u < 0 ? 0 : (u > 1 ? 1 : u);
    }

    private static double clampOpen(double u) {
        return u < EDGE ? EDGE : (u > 1 - EDGE ? 1 - EDGE : u);
    }
}
