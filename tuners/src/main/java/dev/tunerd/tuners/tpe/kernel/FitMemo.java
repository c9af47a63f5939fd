package dev.tunerd.tuners.tpe.kernel;

import java.util.Arrays;

/**
 * The costly per-component terms of a {@link ParzenEstimator}'s last fits, slot by slot: the log of a component's
 * weight, and per numeric dimension the log of its kernel's normalisation ({@code log sigma + log sqrt(2 pi)} plus the
 * log of the mass inside [0, 1], two normal CDFs near an edge). Each is kept with the inputs it was computed from and
 * reused only when a fit hands the same slot the same inputs, so it is the value a new computation would give, to the
 * bit. The suggestions of one request (a bracket start draws a whole round, issue 13 session 27) refit the same
 * observations in the same slots: only the trials in flight appended after them change. Not thread-safe.
 */
final class FitMemo {
    private final int dims;
    /** Per slot (component by component, then dimension): the centre and bandwidth the norm was computed for. */
    private long[] centreBits = new long[0];
    private long[] sigmaBits = new long[0];
    private double[] norm = new double[0];
    /** Per slot: the weight whose log is kept (0 bits: none). */
    private long[] weightBits = new long[0];
    private double[] logWeight = new double[0];

    FitMemo(int dims) {
        this.dims = dims;
    }

    /** Makes room for {@code count} components, keeping what is known. */
    void ensureCapacity(int count) {
        if (weightBits.length < count) {
            int cap = Math.max(count, weightBits.length * 2);
            centreBits = Arrays.copyOf(centreBits, cap * dims);
            sigmaBits = Arrays.copyOf(sigmaBits, cap * dims);
            norm = Arrays.copyOf(norm, cap * dims);
            weightBits = Arrays.copyOf(weightBits, cap);
            logWeight = Arrays.copyOf(logWeight, cap);
        }
    }

    /** {@code Math.log(w)} for component {@code k}'s weight. */
    double logWeight(int k, double w) {
        long bits = Double.doubleToRawLongBits(w);
        if (weightBits[k] != bits || bits == 0) {
            weightBits[k] = bits;
            logWeight[k] = Math.log(w);
        }
        return logWeight[k];
    }

    /**
     * Component {@code k}'s normalisation in numeric dimension {@code j}: {@code kernelConst +
     * ParzenEstimator.logMassInside(centre, invSigma)}, where {@code kernelConst} and {@code invSigma} are functions of
     * {@code sigma}.
     */
    double norm(int k, int j, double centre, double sigma, double kernelConst, double invSigma) {
        int i = k * dims + j;
        long c = Double.doubleToRawLongBits(centre);
        long s = Double.doubleToRawLongBits(sigma);
        if (centreBits[i] != c || sigmaBits[i] != s || s == 0) {
            centreBits[i] = c;
            sigmaBits[i] = s;
            norm[i] = kernelConst + ParzenEstimator.logMassInside(centre, invSigma);
        }
        return norm[i];
    }
}
