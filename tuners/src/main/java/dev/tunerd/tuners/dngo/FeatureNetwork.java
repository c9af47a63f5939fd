package dev.tunerd.tuners.dngo;

import dev.tunerd.tuners.common.Rng;
import java.util.Arrays;

/**
 * DNGO's neural network (Snoek et al. 2015, as pybnn builds it): inputs in [-1, 1], three fully connected tanh layers
 * of {@link #UNITS} units and a linear output, trained on standardised losses by mean squared error with Adam
 * (learning rate 0.01, mini-batches of 10, shuffled each epoch). After training, the last hidden layer is the basis
 * ({@link #features}) on which {@link BayesianLinearRegression} is fitted. Plain Java, no framework. Not thread-safe.
 *
 * <p>Arithmetic. The passes run over a whole mini-batch (or a block of candidates) at a time, and every innermost
 * loop has the form {@code a[i] = a[i] + c0 * b0[i] + ... + c4 * b4[i]} over whole rows (each weight row, gradient
 * row and sample's activations is an array of its own, indexed from 0): a loop of that form is what the JIT
 * compiles to vector instructions (four lanes), one with offsets into a shared array it leaves scalar. The forward
 * pass runs over a layer's units, five inputs per pass, with the weights also held transposed ({@link #t2}, rewritten
 * after every step); the backward pass over a layer's inputs, five samples per pass for the weights' gradients and
 * five units per pass for the inputs' deltas. Every sum still adds the same terms in the same order as one sample
 * at a time through one unit at a time would (a unit's inputs in input order, a weight's gradient in sample order,
 * an input's delta in unit order), so the numbers are the same to the last bit ({@code DngoTunerTest} checks them
 * against a plain per-sample reference).
 */
final class FeatureNetwork {
    /** Units per hidden layer (a multiple of 5). */
    static final int UNITS = 50;
    /** Samples per mini-batch, and rows per block in {@link #features(double[][])}. */
    private static final int BATCH = 10;
    private static final int BLOCK = 5;
    private static final double LEARNING_RATE = 0.01;
    private static final double BETA1 = 0.9;
    private static final double BETA2 = 0.999;
    private static final double EPSILON = 1e-8;
    private final int inputs;
    /** Every parameter row in the order of the constructor's draws: W1's rows, b1, W2's rows, b2, W3's, b3, w4, b4. */
    private final double[][] rows;
    /** Row j of W is unit j's weights on the layer's inputs. */
    private final double[][] w1;
    private final double[] b1;
    private final double[][] w2;
    private final double[] b2;
    private final double[][] w3;
    private final double[] b3;
    private final double[] w4;
    private final double[] b4;
    /** W1, W2, W3 transposed (row i = the weights of input i on every unit), rewritten after every step. */
    private final double[][] t1;
    private final double[][] t2;
    private final double[][] t3;

    FeatureNetwork(int inputs, Rng rng) {
        this.inputs = inputs;
        rows = new double[3 * UNITS + 5][];
        int r = 0;
        w1 = new double[UNITS][inputs];
        for (double[] row : w1) {
            rows[r++] = row;
        }
        b1 = rows[r++] = new double[UNITS];
        w2 = new double[UNITS][UNITS];
        for (double[] row : w2) {
            rows[r++] = row;
        }
        b2 = rows[r++] = new double[UNITS];
        w3 = new double[UNITS][UNITS];
        for (double[] row : w3) {
            rows[r++] = row;
        }
        b3 = rows[r++] = new double[UNITS];
        w4 = rows[r++] = new double[UNITS];
        b4 = rows[r] = new double[1];
        init(w1, inputs, rng);
        init(w2, UNITS, rng);
        init(w3, UNITS, rng);
        init(new double[][] {w4}, UNITS, rng);
        t1 = new double[inputs][UNITS];
        t2 = new double[UNITS][UNITS];
        t3 = new double[UNITS][UNITS];
        transpose();
    }

    private static void init(double[][] w, int fanIn, Rng rng) {
        double scale = Math.sqrt(1.0 / Math.max(1, fanIn));
        for (double[] row : w) {
            for (int i = 0; i < row.length; i++) {
                row[i] = scale * rng.nextGaussian();
            }
        }
    }

    private void transpose() {
        transpose(w1, t1);
        transpose(w2, t2);
        transpose(w3, t3);
    }

    private static void transpose(double[][] w, double[][] t) {
        for (int j = 0; j < w.length; j++) {
            double[] row = w[j];
            for (int i = 0; i < row.length; i++) {
                t[i][j] = row[i];
            }
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
        private final double[][] m = shaped();
        private final double[][] v = shaped();
        private final Gradient grad = new Gradient();
        private final int[] order;
        private final Work work = new Work(BATCH);
        private final double[][] batch = new double[BATCH][];
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
                        batch[s] = x[order[start + s]];
                        targets[s] = y[order[start + s]];
                    }
                    grad.clear();
                    gradient(batch, targets, count, work, grad);
                    step++;
                    adam(grad.rows, m, v, step);
                }
                epochsDone++;
            }
        }
    }

    /** Arrays of the parameters' shape, zero. */
    private double[][] shaped() {
        double[][] s = new double[rows.length][];
        for (int r = 0; r < rows.length; r++) {
            s[r] = new double[rows[r].length];
        }
        return s;
    }

    private void adam(double[][] grad, double[][] m, double[][] v, long step) {
        double c1 = 1 - Math.pow(BETA1, step);
        double c2 = 1 - Math.pow(BETA2, step);
        for (int r = 0; r < rows.length; r++) {
            double[] p = rows[r];
            double[] g = grad[r];
            double[] mr = m[r];
            double[] vr = v[r];
            for (int i = 0; i < p.length; i++) {
                mr[i] = BETA1 * mr[i] + (1 - BETA1) * g[i];
                vr[i] = BETA2 * vr[i] + (1 - BETA2) * g[i] * g[i];
                p[i] -= LEARNING_RATE * (mr[i] / c1) / (Math.sqrt(vr[i] / c2) + EPSILON);
            }
        }
        transpose();
    }

    /** A gradient: rows of the parameters' shape, with the layers' rows by name. */
    private final class Gradient {
        final double[][] rows = shaped();
        final double[][] w1 = Arrays.copyOfRange(rows, 0, UNITS);
        final double[] b1 = rows[UNITS];
        final double[][] w2 = Arrays.copyOfRange(rows, UNITS + 1, 2 * UNITS + 1);
        final double[] b2 = rows[2 * UNITS + 1];
        final double[][] w3 = Arrays.copyOfRange(rows, 2 * UNITS + 2, 3 * UNITS + 2);
        final double[] b3 = rows[3 * UNITS + 2];
        final double[] w4 = rows[3 * UNITS + 3];
        final double[] b4 = rows[3 * UNITS + 4];

        void clear() {
            for (double[] row : rows) {
                Arrays.fill(row, 0.0);
            }
        }
    }

    /** Scratch space for up to {@code capacity} samples, one row per sample. */
    private final class Work {
        final double[][] in;
        final double[][] h1;
        final double[][] h2;
        final double[][] h3;
        final double[][] d1;
        final double[][] d2;
        final double[][] d3;
        final double[] dOut;

        Work(int capacity) {
            in = new double[capacity][inputs];
            h1 = new double[capacity][UNITS];
            h2 = new double[capacity][UNITS];
            h3 = new double[capacity][UNITS];
            d1 = new double[capacity][UNITS];
            d2 = new double[capacity][UNITS];
            d3 = new double[capacity][UNITS];
            dOut = new double[capacity];
        }
    }

    /** The three hidden layers at the unit cube rows {@code u[from..from+count)} into {@code w.h1..h3}. */
    private void forward(double[][] u, int from, int count, Work w) {
        for (int s = 0; s < count; s++) {
            double[] row = u[from + s];
            double[] in = w.in[s];
            for (int i = 0; i < inputs; i++) {
                in[i] = 2 * row[i] - 1;
            }
        }
        layer(w.in, t1, b1, count, w.h1);
        layer(w.h1, t2, b2, count, w.h2);
        layer(w.h2, t3, b3, count, w.h3);
    }

    /**
     * A tanh layer (transposed weights {@code t}, biases {@code b}) over {@code count} samples: each unit's sum starts
     * at its bias and adds weight times input in input order, all units at once, five inputs per pass.
     */
    private static void layer(double[][] in, double[][] t, double[] b, int count, double[][] out) {
        int width = t.length;
        for (int s = 0; s < count; s++) {
            double[] x = in[s];
            double[] o = out[s];
            System.arraycopy(b, 0, o, 0, UNITS);
            int i = 0;
            for (; i + BLOCK <= width; i += BLOCK) {
                addFive(o, x, t, i);
            }
            for (; i < width; i++) {
                double xi = x[i];
                double[] q = t[i];
                for (int j = 0; j < UNITS; j++) {
                    o[j] += q[j] * xi;
                }
            }
            for (int j = 0; j < UNITS; j++) {
                o[j] = tanh(o[j]);
            }
        }
    }

    /**
     * Adds the gradient of the mean squared error over the rows {@code u[0..count)} (one mini-batch) to {@code g}.
     * A parameter's gradient adds the samples' terms in sample order, an input's delta its units' terms in unit
     * order, as the plain per-sample backward pass does.
     */
    private void gradient(double[][] u, double[] target, int count, Work w, Gradient g) {
        forward(u, 0, count, w);
        double weight = 1.0 / count;
        for (int s = 0; s < count; s++) {
            double[] h = w.h3[s];
            double out = b4[0];
            for (int j = 0; j < UNITS; j++) {
                out += w4[j] * h[j];
            }
            w.dOut[s] = 2 * (out - target[s]) * weight;
        }
        for (int s = 0; s < count; s++) {
            double dOut = w.dOut[s];
            double[] h = w.h3[s];
            double[] d = w.d3[s];
            g.b4[0] += dOut;
            for (int j = 0; j < UNITS; j++) {
                g.w4[j] += dOut * h[j];
            }
            for (int j = 0; j < UNITS; j++) {
                d[j] = dOut * w4[j] * (1 - h[j] * h[j]);
            }
        }
        back(w.d3, w.h2, count, g.w3, g.b3);
        deltas(w.d3, w3, w.h2, count, w.d2);
        back(w.d2, w.h1, count, g.w2, g.b2);
        deltas(w.d2, w2, w.h1, count, w.d1);
        back(w.d1, w.in, count, g.w1, g.b1);
    }

    /**
     * Adds a layer's weight and bias gradients for the output deltas {@code delta} and the inputs {@code in} of
     * {@code count} samples to {@code gw} and {@code gb}, five samples per pass.
     */
    private static void back(double[][] delta, double[][] in, int count, double[][] gw, double[] gb) {
        double[] column = new double[count];
        for (int j = 0; j < UNITS; j++) {
            for (int s = 0; s < count; s++) {
                column[s] = delta[s][j];
            }
            double[] row = gw[j];
            int s = 0;
            for (; s + BLOCK <= count; s += BLOCK) {
                gb[j] = gb[j] + column[s] + column[s + 1] + column[s + 2] + column[s + 3] + column[s + 4];
                addFive(row, column, in, s);
            }
            for (; s < count; s++) {
                double d = column[s];
                double[] x = in[s];
                gb[j] += d;
                for (int i = 0; i < row.length; i++) {
                    row[i] += d * x[i];
                }
            }
        }
    }

    /**
     * The input deltas of a tanh layer (weights {@code w}) for the output deltas {@code delta} of {@code count}
     * samples, through the tanh of the inputs {@code in}, into {@code prev}: five units per pass.
     */
    private static void deltas(double[][] delta, double[][] w, double[][] in, int count, double[][] prev) {
        for (int s = 0; s < count; s++) {
            double[] d = delta[s];
            double[] p = prev[s];
            Arrays.fill(p, 0.0);
            for (int j = 0; j < UNITS; j += BLOCK) {
                addFive(p, d, w, j);
            }
            double[] h = in[s];
            for (int i = 0; i < UNITS; i++) {
                p[i] *= 1 - h[i] * h[i];
            }
        }
    }

    /**
     * {@code a[i] = a[i] + c[k] * r[k][i] + ... + c[k + 4] * r[k + 4][i]} for every i of {@code a}: five terms added in
     * order in one vectorised pass.
     */
    private static void addFive(double[] a, double[] c, double[][] r, int k) {
        double c0 = c[k];
        double c1 = c[k + 1];
        double c2 = c[k + 2];
        double c3 = c[k + 3];
        double c4 = c[k + 4];
        double[] r0 = r[k];
        double[] r1 = r[k + 1];
        double[] r2 = r[k + 2];
        double[] r3 = r[k + 3];
        double[] r4 = r[k + 4];
        for (int i = 0; i < a.length; i++) {
            a[i] = a[i] + c0 * r0[i] + c1 * r1[i] + c2 * r2[i] + c3 * r3[i] + c4 * r4[i];
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
                double[] row = Arrays.copyOf(w.h3[s], UNITS + 1);
                row[UNITS] = 1.0;
                f[from + s] = row;
            }
        }
        return f;
    }

    /** The parameters in the order of the constructor's draws: W1 row by row, b1, W2, b2, W3, b3, w4, b4 (for tests). */
    double[] parameters() {
        return flat(rows);
    }

    /** The gradient of the mean squared error over the rows of {@code u} as one mini-batch, as {@link #parameters}. */
    double[] gradient(double[][] u, double[] target) {
        Gradient g = new Gradient();
        gradient(u, target, u.length, new Work(u.length), g);
        return flat(g.rows);
    }

    private static double[] flat(double[][] rows) {
        return Arrays.stream(rows).flatMapToDouble(Arrays::stream).toArray();
    }
}
