package dev.tunerd.tuners.model;

import dev.tunerd.tuners.common.Rng;

/**
 * The GP's view of a search space: a feature vector in [0, 1]^F. A numeric parameter (uniform and normal families,
 * randint) is one feature, its unit coordinate ({@link UnitSpace}); a {@code choice} of K options is K one-hot
 * features that share one length scale, so string choices work as well as numeric ones. A parameter of a nested
 * choice branch that is not taken is imputed (numeric 0.5, categorical all zeros), so trials of different branches
 * stay comparable. Each parameter is one length-scale group of the ARD kernel. Shared by the GP tuner and Hyperband's
 * promotion model ({@code hyperband/ConfigFeatures}). Immutable and thread-safe.
 */
public final class FeatureSpace {
    private static final double INACTIVE = 0.5;
    private final UnitSpace unit;
    /** First feature of each parameter. */
    private final int[] offset;
    /** Length-scale group (= parameter index) of each feature. */
    private final int[] groupOf;
    private final int features;

    public FeatureSpace(UnitSpace unit) {
        this.unit = unit;
        int p = unit.size();
        offset = new int[p + 1];
        for (int i = 0; i < p; i++) {
            offset[i + 1] = offset[i] + (unit.isCategorical(i) ? unit.categories(i) : 1);
        }
        features = offset[p];
        groupOf = new int[features];
        for (int i = 0; i < p; i++) {
            for (int c = offset[i]; c < offset[i + 1]; c++) {
                groupOf[c] = i;
            }
        }
    }

    public int features() {
        return features;
    }

    /** Number of length-scale groups (one per parameter). */
    public int groups() {
        return unit.size();
    }

    public int[] groupOf() {
        return groupOf;
    }

    public boolean isCategorical(int param) {
        return unit.isCategorical(param);
    }

    /** The feature vector of an internal vector (NaN = inactive), with quantised values snapped. */
    public double[] encode(double[] internal) {
        double[] f = new double[features];
        for (int i = 0; i < unit.size(); i++) {
            double v = internal[i];
            boolean active = !Double.isNaN(v);
            if (unit.isCategorical(i)) {
                if (active) {
                    f[offset[i] + (int) v] = 1.0;
                }
            } else {
                f[offset[i]] = active ? unit.snap(i, unit.toUnit(i, v)) : INACTIVE;
            }
        }
        return f;
    }

    /** The internal vector of a feature vector: categorical by the largest one-hot entry, inactive ones NaN. */
    public double[] decode(double[] f) {
        double[] internal = new double[unit.size()];
        for (int i = 0; i < unit.size(); i++) {
            if (unit.isCategorical(i)) {
                int best = 0;
                for (int k = 1; k < unit.categories(i); k++) {
                    if (f[offset[i] + k] > f[offset[i] + best]) {
                        best = k;
                    }
                }
                internal[i] = best;
            } else {
                internal[i] = unit.toInternalInBounds(i, f[offset[i]]);
            }
        }
        for (int i = 0; i < unit.size(); i++) {
            if (!unit.isActive(i, internal)) {
                internal[i] = Double.NaN;
            }
        }
        return internal;
    }

    /** A uniform random point of the cube: numeric features uniform, each choice one-hot at a random option. */
    public double[] random(Rng rng) {
        double[] f = new double[features];
        for (int i = 0; i < unit.size(); i++) {
            if (unit.isCategorical(i)) {
                f[offset[i] + rng.nextInt(unit.categories(i))] = 1.0;
            } else {
                f[offset[i]] = rng.nextDouble();
            }
        }
        return canonical(f);
    }

    /**
     * A point near {@code centre}: numeric features moved by a normal step of standard deviation {@code scale}
     * (clipped to the cube), each choice re-drawn with probability {@code flip}.
     */
    public double[] near(double[] centre, double scale, double flip, Rng rng) {
        double[] f = centre.clone();
        for (int i = 0; i < unit.size(); i++) {
            if (unit.isCategorical(i)) {
                if (rng.nextDouble() < flip) {
                    java.util.Arrays.fill(f, offset[i], offset[i + 1], 0.0);
                    f[offset[i] + rng.nextInt(unit.categories(i))] = 1.0;
                }
            } else {
                f[offset[i]] = Math.min(1.0, Math.max(0.0, f[offset[i]] + scale * rng.nextGaussian()));
            }
        }
        return canonical(f);
    }

    /** {@code centre} with each parameter re-drawn from its whole range with probability {@code p} (at least one). */
    public double[] redraw(double[] centre, double p, Rng rng) {
        double[] f = centre.clone();
        int forced = rng.nextInt(unit.size());
        for (int i = 0; i < unit.size(); i++) {
            if (i == forced || rng.nextDouble() < p) {
                if (unit.isCategorical(i)) {
                    java.util.Arrays.fill(f, offset[i], offset[i + 1], 0.0);
                    f[offset[i] + rng.nextInt(unit.categories(i))] = 1.0;
                } else {
                    f[offset[i]] = rng.nextDouble();
                }
            }
        }
        return canonical(f);
    }

    /** The features of the point the user will get (snapped, inactive parameters imputed). */
    public double[] canonical(double[] f) {
        return encode(decode(f));
    }

    /**
     * Bounds for optimising the numeric features of an active parameter of {@code f}; every other feature (one-hot,
     * inactive) is pinned to its value.
     */
    public void bounds(double[] f, double[] lower, double[] upper) {
        double[] internal = decode(f);
        for (int i = 0; i < unit.size(); i++) {
            boolean free = !unit.isCategorical(i) && !Double.isNaN(internal[i]);
            for (int c = offset[i]; c < offset[i + 1]; c++) {
                lower[c] = free ? 0.0 : f[c];
                upper[c] = free ? 1.0 : f[c];
            }
        }
    }
}
