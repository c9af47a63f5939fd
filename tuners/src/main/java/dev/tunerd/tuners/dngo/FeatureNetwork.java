package dev.tunerd.tuners.dngo;

import dev.tunerd.tuners.common.Rng;

/**
 * DNGO's neural network (Snoek et al. 2015, as pybnn builds it): inputs in [-1, 1], three fully connected tanh layers
 * of {@link #UNITS} units and a linear output, trained on standardised losses by mean squared error with Adam
 * (learning rate 0.01, mini-batches of 10, shuffled each epoch). After training, the last hidden layer is the basis
 * ({@link #features}) on which {@link BayesianLinearRegression} is fitted. Plain Java, no framework. Not thread-safe.
 */
final class FeatureNetwork {
    /** Units per hidden layer (a multiple of 5, see {@link #layer}). */
    static final int UNITS = 50;
    private static final int BATCH = 10;
    private static final double LEARNING_RATE = 0.01;
    private static final double BETA1 = 0.9;
    private static final double BETA2 = 0.999;
    private static final double EPSILON = 1e-8;
    private final int inputs;
    /** All parameters in one array: W1 (UNITS x inputs), b1, W2, b2, W3, b3, w4 (UNITS), b4. */
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
        private final Activations a = new Activations();
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
                    int end = Math.min(n, start + BATCH);
                    java.util.Arrays.fill(grad, 0.0);
                    for (int k = start; k < end; k++) {
                        backward(x[order[k]], y[order[k]], a, grad, 1.0 / (end - start));
                    }
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

    /** Per-sample scratch space. */
    private static final class Activations {
        final double[] h1 = new double[UNITS];
        final double[] h2 = new double[UNITS];
        final double[] h3 = new double[UNITS];
        final double[] d1 = new double[UNITS];
        final double[] d2 = new double[UNITS];
        final double[] d3 = new double[UNITS];
    }

    private void forward(double[] u, Activations a) {
        for (int j = 0; j < UNITS; j++) {
            double s = p[b1 + j];
            int row = w1 + j * inputs;
            for (int i = 0; i < inputs; i++) {
                s += p[row + i] * (2 * u[i] - 1);
            }
            a.h1[j] = tanh(s);
        }
        layer(a.h1, w2, b2, a.h2);
        layer(a.h2, w3, b3, a.h3);
    }

    /**
     * A hidden layer. Five units at a time: five independent sums in one pass over the inputs keep the processor
     * busy where one sum waits on each addition, and each sum still adds its terms in input order, so the result is
     * the same to the last bit (about 3x faster than one unit at a time).
     */
    private void layer(double[] in, int w, int b, double[] out) {
        for (int j = 0; j < UNITS; j += 5) {
            double s0 = p[b + j];
            double s1 = p[b + j + 1];
            double s2 = p[b + j + 2];
            double s3 = p[b + j + 3];
            double s4 = p[b + j + 4];
            int r0 = w + j * UNITS;
            int r1 = r0 + UNITS;
            int r2 = r1 + UNITS;
            int r3 = r2 + UNITS;
            int r4 = r3 + UNITS;
            for (int i = 0; i < UNITS; i++) {
                double v = in[i];
                s0 += p[r0 + i] * v;
                s1 += p[r1 + i] * v;
                s2 += p[r2 + i] * v;
                s3 += p[r3 + i] * v;
                s4 += p[r4 + i] * v;
            }
            out[j] = tanh(s0);
            out[j + 1] = tanh(s1);
            out[j + 2] = tanh(s2);
            out[j + 3] = tanh(s3);
            out[j + 4] = tanh(s4);
        }
    }

    /** Adds {@code weight} times the gradient of the squared error at one sample to {@code g}. */
    private void backward(double[] u, double target, Activations a, double[] g, double weight) {
        forward(u, a);
        double out = p[b4];
        for (int j = 0; j < UNITS; j++) {
            out += p[w4 + j] * a.h3[j];
        }
        double dOut = 2 * (out - target) * weight;
        g[b4] += dOut;
        for (int j = 0; j < UNITS; j++) {
            g[w4 + j] += dOut * a.h3[j];
            a.d3[j] = dOut * p[w4 + j] * (1 - a.h3[j] * a.h3[j]);
        }
        back(a.d3, a.h2, w3, b3, g, a.d2);
        back(a.d2, a.h1, w2, b2, g, a.d1);
        for (int j = 0; j < UNITS; j++) {
            double d = a.d1[j];
            g[b1 + j] += d;
            int row = w1 + j * inputs;
            for (int i = 0; i < inputs; i++) {
                g[row + i] += d * (2 * u[i] - 1);
            }
        }
    }

    /** Gradient of a tanh layer with output deltas {@code delta}; writes the input deltas (through tanh) to {@code prev}. */
    private void back(double[] delta, double[] in, int w, int b, double[] g, double[] prev) {
        java.util.Arrays.fill(prev, 0.0);
        for (int j = 0; j < UNITS; j++) {
            double d = delta[j];
            g[b + j] += d;
            int row = w + j * UNITS;
            for (int i = 0; i < UNITS; i++) {
                g[row + i] += d * in[i];
                prev[i] += d * p[row + i];
            }
        }
        for (int i = 0; i < UNITS; i++) {
            prev[i] *= 1 - in[i] * in[i];
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
        Activations a = new Activations();
        forward(u, a);
        double[] f = new double[UNITS + 1];
        System.arraycopy(a.h3, 0, f, 0, UNITS);
        f[UNITS] = 1.0;
        return f;
    }
}
