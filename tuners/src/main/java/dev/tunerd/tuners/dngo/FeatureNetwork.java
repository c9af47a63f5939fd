package dev.tunerd.tuners.dngo;

import dev.tunerd.tuners.common.Rng;
import java.util.Arrays;

/**
 * DNGO's neural network (Snoek et al. 2015, as pybnn builds it): inputs in [-1, 1], three fully connected tanh layers
 * of {@link #UNITS} units and a linear output, trained on standardised losses by mean squared error with Adam
 * (learning rate 0.01, mini-batches of 10, shuffled each epoch). After training, the last hidden layer is the basis
 * ({@link #features}) on which {@link BayesianLinearRegression} is fitted. Plain Java, no framework. Not thread-safe.
 *
 * <p>The passes run over a whole mini-batch (or a block of candidates) at a time, in register blocks: the forward
 * pass computes five units of two samples (ten independent sums) per pass over a layer's inputs, the backward pass
 * adds five samples' terms to a weight's gradient, and five units' terms to two samples' input deltas, per load and
 * store. Independent sums keep the processor's adders busy where one sum waits on each addition, and fewer loads and
 * stores per multiply-add relieve the memory ports. Every sum still adds the same terms in the same order as one
 * sample at a time through one unit at a time would (a unit's inputs in input order, a weight's gradient in sample
 * order, an input's delta in unit order), so the numbers are the same to the last bit ({@code DngoTunerTest} checks
 * them against a plain per-sample reference).
 */
final class FeatureNetwork {
    /** Units per hidden layer. */
    static final int UNITS = 50;
    /** Samples per mini-batch, and rows per block in {@link #features(double[][])}. */
    private static final int BATCH = 10;
    private static final double LEARNING_RATE = 0.01;
    private static final double BETA1 = 0.9;
    private static final double BETA2 = 0.999;
    private static final double EPSILON = 1e-8;
    private final int inputs;
    /** All parameters in one array: W1 (UNITS x inputs), b1, W2, b2, W3, b3, w4 (UNITS), b4; row j of W is unit j. */
    private final double[] p;
    private final int w1;
    private final int b1;
    private final int w2;
    private final int b2;
    private final int w3;
    private final int b3;
    private final int w4;
    private final int b4;

    FeatureNetwork(int inputs, Rng rng) {
        this.inputs = inputs;
        w1 = 0;
        b1 = w1 + UNITS * inputs;
        w2 = b1 + UNITS;
        b2 = w2 + UNITS * UNITS;
        w3 = b2 + UNITS;
        b3 = w3 + UNITS * UNITS;
        w4 = b3 + UNITS;
        b4 = w4 + UNITS;
        p = new double[b4 + 1];
        init(w1, UNITS * inputs, inputs, rng);
        init(w2, UNITS * UNITS, UNITS, rng);
        init(w3, UNITS * UNITS, UNITS, rng);
        init(w4, UNITS, UNITS, rng);
    }

    private void init(int from, int count, int fanIn, Rng rng) {
        double scale = Math.sqrt(1.0 / Math.max(1, fanIn));
        for (int i = 0; i < count; i++) {
            p[from + i] = scale * rng.nextGaussian();
        }
    }

    /** Trains for {@code epochs} passes over {@code x} (unit cube rows) and {@code y} (standardised). */
    void train(double[][] x, double[] y, int epochs, Rng rng) {
        trainer(x, y, rng).run(epochs);
    }

    /**
     * A training that can run in slices ({@link Trainer#run}): the same epochs in the same order whatever the slices,
     * so the trained weights depend only on the data and the generators.
     */
    Trainer trainer(double[][] x, double[] y, Rng rng) {
        return new Trainer(x, y, rng);
    }

    /** Adam's state over one training. Not thread-safe. */
    final class Trainer {
        private final double[][] x;
        private final double[] y;
        private final Rng rng;
        private final double[] m = new double[p.length];
        private final double[] v = new double[p.length];
        private final double[] grad = new double[p.length];
        private final int[] order;
        private final Work work = new Work(BATCH);
        private final double[][] rows = new double[BATCH][];
        private final double[] targets = new double[BATCH];
        private long step;
        private int epochsDone;

        private Trainer(double[][] x, double[] y, Rng rng) {
            this.x = x;
            this.y = y;
            this.rng = rng;
            order = new int[x.length];
            for (int i = 0; i < order.length; i++) {
                order[i] = i;
            }
        }

        int epochsDone() {
            return epochsDone;
        }

        FeatureNetwork network() {
            return FeatureNetwork.this;
        }

        /** Runs {@code epochs} more epochs. */
        void run(int epochs) {
            int n = x.length;
            for (int epoch = 0; epoch < epochs; epoch++) {
                for (int i = n - 1; i > 0; i--) {
                    int j = rng.nextInt(i + 1);
                    int t = order[i];
                    order[i] = order[j];
                    order[j] = t;
                }
                for (int start = 0; start < n; start += BATCH) {
                    int count = Math.min(n, start + BATCH) - start;
                    for (int s = 0; s < count; s++) {
                        rows[s] = x[order[start + s]];
                        targets[s] = y[order[start + s]];
                    }
                    Arrays.fill(grad, 0.0);
                    gradient(rows, targets, count, work, grad);
                    step++;
                    adam(grad, m, v, step);
                }
                epochsDone++;
            }
        }
    }

    private void adam(double[] grad, double[] m, double[] v, long step) {
        double c1 = 1 - Math.pow(BETA1, step);
        double c2 = 1 - Math.pow(BETA2, step);
        for (int i = 0; i < p.length; i++) {
            m[i] = BETA1 * m[i] + (1 - BETA1) * grad[i];
            v[i] = BETA2 * v[i] + (1 - BETA2) * grad[i] * grad[i];
            p[i] -= LEARNING_RATE * (m[i] / c1) / (Math.sqrt(v[i] / c2) + EPSILON);
        }
    }

    /** Scratch space for up to {@code capacity} samples, each sample's values consecutive. */
    private final class Work {
        final double[] in;
        final double[] h1;
        final double[] h2;
        final double[] h3;
        final double[] d1;
        final double[] d2;
        final double[] d3;
        final double[] dOut;

        Work(int capacity) {
            in = new double[capacity * inputs];
            h1 = new double[capacity * UNITS];
            h2 = new double[capacity * UNITS];
            h3 = new double[capacity * UNITS];
            d1 = new double[capacity * UNITS];
            d2 = new double[capacity * UNITS];
            d3 = new double[capacity * UNITS];
            dOut = new double[capacity];
        }
    }

    /** The three hidden layers at the unit cube rows {@code u[from..from+count)} into {@code w.h1..h3}. */
    private void forward(double[][] u, int from, int count, Work w) {
        for (int s = 0; s < count; s++) {
            double[] row = u[from + s];
            for (int i = 0; i < inputs; i++) {
                w.in[s * inputs + i] = 2 * row[i] - 1;
            }
        }
        layer(w.in, inputs, count, w1, b1, w.h1);
        layer(w.h1, UNITS, count, w2, b2, w.h2);
        layer(w.h2, UNITS, count, w3, b3, w.h3);
    }

    /**
     * A tanh layer over {@code count} samples of {@code width} inputs (weights from {@code w}, biases from
     * {@code b}), five units of two samples per pass over the inputs. Each unit's sum starts at its bias and adds
     * weight times input in input order.
     */
    private void layer(double[] in, int width, int count, int w, int b, double[] out) {
        int s = 0;
        for (; s + 1 < count; s += 2) {
            int x0 = s * width;
            int x1 = x0 + width;
            int o0 = s * UNITS;
            int o1 = o0 + UNITS;
            for (int j = 0; j < UNITS; j += 5) {
                double a0 = p[b + j];
                double a1 = p[b + j + 1];
                double a2 = p[b + j + 2];
                double a3 = p[b + j + 3];
                double a4 = p[b + j + 4];
                double c0 = a0;
                double c1 = a1;
                double c2 = a2;
                double c3 = a3;
                double c4 = a4;
                int r0 = w + j * width;
                int r1 = r0 + width;
                int r2 = r1 + width;
                int r3 = r2 + width;
                int r4 = r3 + width;
                for (int i = 0; i < width; i++) {
                    double v = in[x0 + i];
                    double z = in[x1 + i];
                    double q0 = p[r0 + i];
                    double q1 = p[r1 + i];
                    double q2 = p[r2 + i];
                    double q3 = p[r3 + i];
                    double q4 = p[r4 + i];
                    a0 += q0 * v;
                    a1 += q1 * v;
                    a2 += q2 * v;
                    a3 += q3 * v;
                    a4 += q4 * v;
                    c0 += q0 * z;
                    c1 += q1 * z;
                    c2 += q2 * z;
                    c3 += q3 * z;
                    c4 += q4 * z;
                }
                out[o0 + j] = tanh(a0);
                out[o0 + j + 1] = tanh(a1);
                out[o0 + j + 2] = tanh(a2);
                out[o0 + j + 3] = tanh(a3);
                out[o0 + j + 4] = tanh(a4);
                out[o1 + j] = tanh(c0);
                out[o1 + j + 1] = tanh(c1);
                out[o1 + j + 2] = tanh(c2);
                out[o1 + j + 3] = tanh(c3);
                out[o1 + j + 4] = tanh(c4);
            }
        }
        for (; s < count; s++) {
            int x0 = s * width;
            int o0 = s * UNITS;
            for (int j = 0; j < UNITS; j += 5) {
                double a0 = p[b + j];
                double a1 = p[b + j + 1];
                double a2 = p[b + j + 2];
                double a3 = p[b + j + 3];
                double a4 = p[b + j + 4];
                int r0 = w + j * width;
                int r1 = r0 + width;
                int r2 = r1 + width;
                int r3 = r2 + width;
                int r4 = r3 + width;
                for (int i = 0; i < width; i++) {
                    double v = in[x0 + i];
                    a0 += p[r0 + i] * v;
                    a1 += p[r1 + i] * v;
                    a2 += p[r2 + i] * v;
                    a3 += p[r3 + i] * v;
                    a4 += p[r4 + i] * v;
                }
                out[o0 + j] = tanh(a0);
                out[o0 + j + 1] = tanh(a1);
                out[o0 + j + 2] = tanh(a2);
                out[o0 + j + 3] = tanh(a3);
                out[o0 + j + 4] = tanh(a4);
            }
        }
    }

    /**
     * Adds the gradient of the mean squared error over the rows {@code u[0..count)} (one mini-batch) to {@code g}.
     * A parameter's gradient adds the samples' terms in sample order, an input's delta its units' terms in unit
     * order, as the plain per-sample backward pass does.
     */
    private void gradient(double[][] u, double[] target, int count, Work w, double[] g) {
        forward(u, 0, count, w);
        double weight = 1.0 / count;
        for (int s = 0; s < count; s++) {
            int o = s * UNITS;
            double out = p[b4];
            for (int j = 0; j < UNITS; j++) {
                out += p[w4 + j] * w.h3[o + j];
            }
            w.dOut[s] = 2 * (out - target[s]) * weight;
        }
        for (int s = 0; s < count; s++) {
            double dOut = w.dOut[s];
            int o = s * UNITS;
            g[b4] += dOut;
            for (int j = 0; j < UNITS; j++) {
                g[w4 + j] += dOut * w.h3[o + j];
            }
            for (int j = 0; j < UNITS; j++) {
                w.d3[o + j] = dOut * p[w4 + j] * (1 - w.h3[o + j] * w.h3[o + j]);
            }
        }
        back(w.d3, w.h2, UNITS, count, w3, b3, g);
        deltas(w.d3, w.h2, count, w3, w.d2);
        back(w.d2, w.h1, UNITS, count, w2, b2, g);
        deltas(w.d2, w.h1, count, w2, w.d1);
        back(w.d1, w.in, inputs, count, w1, b1, g);
    }

    /**
     * Adds a layer's weight and bias gradients for output deltas {@code delta} and inputs {@code in} ({@code width}
     * per sample) over {@code count} samples to {@code g}: five samples' terms per load and store of a gradient.
     */
    private void back(double[] delta, double[] in, int width, int count, int w, int b, double[] g) {
        for (int j = 0; j < UNITS; j++) {
            int row = w + j * width;
            int s = 0;
            for (; s + 4 < count; s += 5) {
                double d0 = delta[s * UNITS + j];
                double d1 = delta[(s + 1) * UNITS + j];
                double d2 = delta[(s + 2) * UNITS + j];
                double d3 = delta[(s + 3) * UNITS + j];
                double d4 = delta[(s + 4) * UNITS + j];
                g[b + j] = g[b + j] + d0 + d1 + d2 + d3 + d4;
                int x0 = s * width;
                int x1 = x0 + width;
                int x2 = x1 + width;
                int x3 = x2 + width;
                int x4 = x3 + width;
                for (int i = 0; i < width; i++) {
                    g[row + i] = g[row + i] + d0 * in[x0 + i] + d1 * in[x1 + i] + d2 * in[x2 + i]
                        + d3 * in[x3 + i] + d4 * in[x4 + i];
                }
            }
            for (; s < count; s++) {
                double d = delta[s * UNITS + j];
                g[b + j] += d;
                int x = s * width;
                for (int i = 0; i < width; i++) {
                    g[row + i] += d * in[x + i];
                }
            }
        }
    }

    /**
     * The input deltas of a tanh layer (weights from {@code w}) for output deltas {@code delta} over {@code count}
     * samples, through the tanh of the inputs {@code in}, into {@code prev}: five units' terms of two samples per pass.
     */
    private void deltas(double[] delta, double[] in, int count, int w, double[] prev) {
        Arrays.fill(prev, 0, count * UNITS, 0.0);
        int s = 0;
        for (; s + 1 < count; s += 2) {
            int o0 = s * UNITS;
            int o1 = o0 + UNITS;
            for (int j = 0; j < UNITS; j += 5) {
                double d0 = delta[o0 + j];
                double d1 = delta[o0 + j + 1];
                double d2 = delta[o0 + j + 2];
                double d3 = delta[o0 + j + 3];
                double d4 = delta[o0 + j + 4];
                double e0 = delta[o1 + j];
                double e1 = delta[o1 + j + 1];
                double e2 = delta[o1 + j + 2];
                double e3 = delta[o1 + j + 3];
                double e4 = delta[o1 + j + 4];
                int r0 = w + j * UNITS;
                int r1 = r0 + UNITS;
                int r2 = r1 + UNITS;
                int r3 = r2 + UNITS;
                int r4 = r3 + UNITS;
                for (int i = 0; i < UNITS; i++) {
                    double q0 = p[r0 + i];
                    double q1 = p[r1 + i];
                    double q2 = p[r2 + i];
                    double q3 = p[r3 + i];
                    double q4 = p[r4 + i];
                    prev[o0 + i] = prev[o0 + i] + d0 * q0 + d1 * q1 + d2 * q2 + d3 * q3 + d4 * q4;
                    prev[o1 + i] = prev[o1 + i] + e0 * q0 + e1 * q1 + e2 * q2 + e3 * q3 + e4 * q4;
                }
            }
        }
        for (; s < count; s++) {
            int o = s * UNITS;
            for (int j = 0; j < UNITS; j++) {
                double d = delta[o + j];
                int row = w + j * UNITS;
                for (int i = 0; i < UNITS; i++) {
                    prev[o + i] += d * p[row + i];
                }
            }
        }
        for (int q = 0; q < count * UNITS; q++) {
            prev[q] *= 1 - in[q] * in[q];
        }
    }

    /** tanh through one {@code Math.exp} (an intrinsic; {@code Math.tanh} is several times slower), to 1e-15. */
    static double tanh(double x) {
        if (x > 20) {
            return 1.0;
        }
        if (x < -20) {
            return -1.0;
        }
        double e = Math.exp(2 * x);
        return (e - 1) / (e + 1);
    }

    /** The last hidden layer at {@code u}, with a constant 1 appended (the linear model's bias). */
    double[] features(double[] u) {
        return features(new double[][] {u})[0];
    }

    /** {@link #features(double[])} of every row of {@code u}, {@link #BATCH} rows at a time. */
    double[][] features(double[][] u) {
        Work w = new Work(BATCH);
        double[][] f = new double[u.length][];
        for (int from = 0; from < u.length; from += BATCH) {
            int count = Math.min(u.length, from + BATCH) - from;
            forward(u, from, count, w);
            for (int s = 0; s < count; s++) {
                double[] row = new double[UNITS + 1];
                System.arraycopy(w.h3, s * UNITS, row, 0, UNITS);
                row[UNITS] = 1.0;
                f[from + s] = row;
            }
        }
        return f;
    }

    /** A copy of the parameters in the order of the constructor's draws (for tests). */
    double[] parameters() {
        return p.clone();
    }

    /** The gradient of the mean squared error over the rows of {@code u} as one mini-batch (for tests). */
    double[] gradient(double[][] u, double[] target) {
        double[] g = new double[p.length];
        gradient(u, target, u.length, new Work(u.length), g);
        return g;
    }
}
