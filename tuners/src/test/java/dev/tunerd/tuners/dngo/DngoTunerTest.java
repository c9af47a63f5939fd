package dev.tunerd.tuners.dngo;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.InvalidSearchSpaceException;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.tuners.model.NumericCube;
import java.util.Optional;
import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.testkit.LogCapture;
import dev.tunerd.tuners.testkit.BraninRuns;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** DNGO's own behaviour: classArgs, types, the network and regression, batches, degenerate results, quality. */
class DngoTunerTest {
    private static DngoTuner tuner(DngoClassArgs args, JsonObject space) {
        DngoTuner t = new DngoTuner(AlgorithmContext.standalone(), args);
        t.updateSearchSpace(space);
        return t;
    }

    @Test
    void outOfRangeClassArgsNameTheKey() {
        record Case(String key, Runnable make) {
        }
        List<Case> cases = List.of(
            new Case("sample_size", () -> new DngoClassArgs(null, 0, null, null, null)),
            new Case("trials_per_update", () -> new DngoClassArgs(null, null, 0, null, null)),
            new Case("num_epochs_per_training", () -> new DngoClassArgs(null, null, null, 0, null)));
        for (Case c : cases) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, c.make()::run, c.key());
            assertTrue(e.getMessage().startsWith(c.key() + " "), e.getMessage());
        }
        DngoClassArgs d = new DngoClassArgs(null, null);
        assertEquals(OptimizeMode.MAXIMIZE, d.optimizeMode());
        assertEquals(1000, d.sampleSize());
        assertEquals(20, d.trialsPerUpdate());
        assertEquals(500, d.numEpochsPerTraining());
    }

    @Test
    void typesOutsideNnisListAndStringChoicesAreRefusedNamingDngoAndTheType() {
        DngoTuner t = new DngoTuner(AlgorithmContext.standalone(), new DngoClassArgs(null, 1L));
        InvalidSearchSpaceException e = assertThrows(InvalidSearchSpaceException.class, () -> t.updateSearchSpace(
            Json.parseObject("{\"x\": {\"_type\": \"qnormal\", \"_value\": [0, 1, 0.1]}}", "space")));
        assertTrue(e.getMessage().contains("DNGO") && e.getMessage().contains("qnormal"), e.getMessage());
        InvalidSearchSpaceException s = assertThrows(InvalidSearchSpaceException.class, () -> t.updateSearchSpace(
            Json.parseObject("{\"act\": {\"_type\": \"choice\", \"_value\": [\"relu\", \"tanh\"]}}", "space")));
        assertTrue(s.getMessage().contains("DNGO") && s.getMessage().contains("numeric choice"), s.getMessage());
    }

    @Test
    void theNetworkAndRegressionLearnASmoothFunctionWithSensibleUncertainty() {
        Rng rng = new Rng(3);
        double[][] x = new double[60][];
        double[] y = new double[60];
        for (int i = 0; i < x.length; i++) {
            x[i] = new double[] {rng.nextDouble(), rng.nextDouble()};
            y[i] = Math.sin(6 * x[i][0]) + Math.pow(x[i][1] - 0.5, 2) * 4;
        }
        FeatureNetwork net = new FeatureNetwork(2, new Rng(1));
        net.train(x, y, 300, new Rng(2));
        double[][] phi = new double[x.length][];
        for (int i = 0; i < x.length; i++) {
            phi[i] = net.features(x[i]);
        }
        BayesianLinearRegression blr = BayesianLinearRegression.fit(phi, y);
        double[] out = new double[2];
        double error = 0;
        for (int i = 0; i < 50; i++) {
            double[] u = {rng.nextDouble(), rng.nextDouble()};
            blr.predict(net.features(u), out);
            error += Math.abs(out[0] - (Math.sin(6 * u[0]) + Math.pow(u[1] - 0.5, 2) * 4));
            assertTrue(out[1] > 0, "variance " + out[1]);
        }
        assertTrue(error / 50 < 0.15, "mean absolute error " + error / 50);
    }

    @Test
    void aTrainingRunInSlicesGivesTheSameNetworkAsInOneGo() {
        Rng rng = new Rng(5);
        double[][] x = new double[23][];
        double[] y = new double[23];
        for (int i = 0; i < x.length; i++) {
            x[i] = new double[] {rng.nextDouble(), rng.nextDouble(), rng.nextDouble()};
            y[i] = x[i][0] - x[i][1] * x[i][2];
        }
        FeatureNetwork whole = new FeatureNetwork(3, new Rng(1));
        whole.train(x, y, 7, new Rng(2));
        FeatureNetwork sliced = new FeatureNetwork(3, new Rng(1));
        FeatureNetwork.Trainer t = sliced.trainer(x, y, new Rng(2));
        t.run(3);
        t.run(0);
        t.run(4);
        assertEquals(7, t.epochsDone());
        double[] u = {0.2, 0.4, 0.9};
        assertTrue(java.util.Arrays.equals(whole.features(u), sliced.features(u)));
        FeatureNetwork shorter = new FeatureNetwork(3, new Rng(1));
        shorter.train(x, y, 6, new Rng(2));
        assertFalse(java.util.Arrays.equals(whole.features(u), shorter.features(u)), "training changes the network");
    }

    /**
     * The blocked kernels (whole mini-batches, rows of candidates, several independent sums per pass) give the same
     * numbers to the last bit as one sample at a time through one unit at a time: the hidden layers, the gradient of
     * a mini-batch (five samples per block plus a remainder) and the regression's predictions (pairs plus a
     * remainder), on a small trained network.
     */
    @Test
    void theBlockedKernelsGiveTheSameNumbersAsAPlainPerSampleReference() {
        int d = 3;
        Rng rng = new Rng(11);
        double[][] x = new double[23][];
        double[] y = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            x[i] = new double[] {rng.nextDouble(), rng.nextDouble(), rng.nextDouble()};
            y[i] = Math.sin(4 * x[i][0]) - x[i][1] * x[i][2];
        }
        FeatureNetwork net = new FeatureNetwork(d, new Rng(1));
        net.train(x, y, 4, new Rng(2));
        double[] p = net.parameters();
        double[][] batch = java.util.Arrays.copyOf(x, 7);
        double[] targets = java.util.Arrays.copyOf(y, 7);
        double[] expected = new double[p.length];
        double[][] phi = new double[13][];
        for (int s = 0; s < batch.length; s++) {
            ReferenceNetwork.backward(p, d, batch[s], targets[s], 1.0 / batch.length, expected);
        }
        double[] got = net.gradient(batch, targets);
        for (int i = 0; i < p.length; i++) {
            assertEquals(Double.doubleToLongBits(expected[i]), Double.doubleToLongBits(got[i]), "gradient " + i);
        }
        double[][] rows = java.util.Arrays.copyOfRange(x, 5, 5 + phi.length);
        double[][] features = net.features(rows);
        for (int s = 0; s < rows.length; s++) {
            phi[s] = ReferenceNetwork.features(p, d, rows[s]);
            assertTrue(java.util.Arrays.equals(phi[s], features[s]), "features of row " + s);
        }
        BayesianLinearRegression blr = BayesianLinearRegression.fit(phi, java.util.Arrays.copyOfRange(y, 5, 18));
        double[] means = new double[phi.length];
        double[] variances = new double[phi.length];
        blr.predict(phi, means, variances);
        double[] out = new double[2];
        for (int s = 0; s < phi.length; s++) {
            blr.predict(phi[s], out);
            assertEquals(Double.doubleToLongBits(out[0]), Double.doubleToLongBits(means[s]), "mean " + s);
            assertEquals(Double.doubleToLongBits(out[1]), Double.doubleToLongBits(variances[s]), "variance " + s);
        }
    }

    /**
     * The network one sample at a time through one unit at a time, on {@link FeatureNetwork#parameters}' order
     * (W1 row by row, b1, W2, b2, W3, b3, w4, b4): the definition the blocked kernels must reproduce.
     */
    private static final class ReferenceNetwork {
        private static final int U = FeatureNetwork.UNITS;

        static double[][] layers(double[] p, int d, double[] u) {
            double[] in = new double[d];
            for (int i = 0; i < d; i++) {
                in[i] = 2 * u[i] - 1;
            }
            double[] h1 = dense(p, 0, d * U, in);
            double[] h2 = dense(p, d * U + U, d * U + U + U * U, h1);
            double[] h3 = dense(p, d * U + 2 * U + U * U, d * U + 2 * U + 2 * U * U, h2);
            return new double[][] {in, h1, h2, h3};
        }

        private static double[] dense(double[] p, int w, int b, double[] in) {
            double[] h = new double[U];
            for (int j = 0; j < U; j++) {
                double sum = p[b + j];
                for (int i = 0; i < in.length; i++) {
                    sum += p[w + j * in.length + i] * in[i];
                }
                h[j] = FeatureNetwork.tanh(sum);
            }
            return h;
        }

        static double[] features(double[] p, int d, double[] u) {
            double[] f = java.util.Arrays.copyOf(layers(p, d, u)[3], U + 1);
            f[U] = 1.0;
            return f;
        }

        static void backward(double[] p, int d, double[] u, double target, double weight, double[] g) {
            double[][] a = layers(p, d, u);
            int[] w = {0, d * U + U, d * U + 2 * U + U * U};
            int w4 = d * U + 3 * U + 2 * U * U;
            double out = p[w4 + U];
            for (int j = 0; j < U; j++) {
                out += p[w4 + j] * a[3][j];
            }
            double dOut = 2 * (out - target) * weight;
            g[w4 + U] += dOut;
            double[] delta = new double[U];
            for (int j = 0; j < U; j++) {
                g[w4 + j] += dOut * a[3][j];
                delta[j] = dOut * p[w4 + j] * (1 - a[3][j] * a[3][j]);
            }
            for (int layer = 2; layer >= 0; layer--) {
                double[] in = a[layer];
                int width = in.length;
                int b = w[layer] + U * width;
                double[] prev = new double[width];
                for (int j = 0; j < U; j++) {
                    g[b + j] += delta[j];
                    for (int i = 0; i < width; i++) {
                        g[w[layer] + j * width + i] += delta[j] * in[i];
                        prev[i] += delta[j] * p[w[layer] + j * width + i];
                    }
                }
                for (int i = 0; i < width; i++) {
                    prev[i] *= 1 - in[i] * in[i];
                }
                delta = prev;
            }
        }
    }

    /**
     * Trainings are spread so that no suggestion runs more than its share of sample-epochs (a whole 500-epoch training
     * on 60 results would be 30,000), the first network arrives a few suggestions after trials_per_update results,
     * and every network is trained completely (the slices add up to the epochs).
     */
    @Test
    void noSuggestionTrainsMoreThanItsShareAndTheSlicesAddUpToWholeTrainings() {
        SearchSpace space = SearchSpace.parse(BraninRuns.SPACE, SearchSpace.ALL_TYPES);
        DngoSampler s = new DngoSampler(new NumericCube(space), new DngoClassArgs(OptimizeMode.MINIMIZE, 50, 10, 500,
            1L), new Rng(3));
        long total = 0;
        int training = 0;
        int firstModel = -1;
        Rng noise = new Rng(8);
        for (int n = 0; n < 66; n++) {
            double[] x = s.suggest(List.of());
            long work = s.lastTrainingWork();
            assertTrue(work <= DngoSampler.WORK_PER_SUGGESTION + n, "suggestion " + n + " trained " + work);
            total += work;
            training += work > 0 ? 1 : 0;
            if (firstModel < 0 && work > 0 && total >= 500L * 10) {
                firstModel = n;
            }
            s.observe(x, x[0] * x[0] + Math.sin(3 * x[1]) + 0.01 * noise.nextDouble());
        }
        assertTrue(firstModel > 10 && firstModel < 20, "the first network is complete at suggestion " + firstModel);
        // networks on 10, 20, 30, 40 and 50 results complete; the one on 60 (10 slices) is 6 slices in at the end
        assertTrue(total >= 500L * (10 + 20 + 30 + 40 + 50) && total < 500L * (10 + 20 + 30 + 40 + 50 + 60),
            "sample-epochs " + total);
        assertTrue(training > 20, "suggestions that trained: " + training);
    }

    /** A snapshot taken while a network is half trained restores into a tuner that continues identically. */
    @Test
    void aSnapshotTakenInTheMiddleOfATrainingContinuesIdentically() throws Exception {
        DngoClassArgs args = new DngoClassArgs(OptimizeMode.MINIMIZE, 100, 10, 500, 7L);
        DngoTuner original = tuner(args, BraninRuns.SPACE);
        BraninRuns.bestOf(original, 22, BraninRuns::branin);
        JsonValue state = Json.parse(Json.write(original.snapshot()));
        DngoTuner restored = tuner(args, BraninRuns.SPACE);
        restored.restore(state);
        for (long id = 22; id < 32; id++) {
            JsonObject a = (JsonObject) original.generateParameters(id);
            JsonObject b = (JsonObject) restored.generateParameters(id);
            assertEquals(a, b, "trial " + id);
            double v = BraninRuns.branin(a);
            original.receiveTrialResult(new TrialResult(id, a, JsonFloat.of(v), false, Optional.empty()));
            restored.receiveTrialResult(new TrialResult(id, b, JsonFloat.of(v), false, Optional.empty()));
        }
    }

    @Test
    void findsBraninsMinimumFarBetterThanRandom() throws Exception {
        // optimum 0.397887. Random search with 80 trials: median best 0.84, below 0.6 in about one run in five
        // (2,000 simulated runs), so a median of six runs below 0.6 happens to it about once in forty. One or two
        // seeds are not enough: DNGO's network is sometimes fitted badly on Branin and a run stalls near 1 to 2.
        double[] best = new double[6];
        for (int seed = 1; seed <= best.length; seed++) {
            best[seed - 1] = BraninRuns.bestOf(tuner(new DngoClassArgs(OptimizeMode.MINIMIZE, (long) seed),
                BraninRuns.SPACE), 80, BraninRuns::branin);
        }
        double[] sorted = best.clone();
        java.util.Arrays.sort(sorted);
        assertTrue((sorted[2] + sorted[3]) / 2 < 0.6, java.util.Arrays.toString(best));
    }

    @Test
    void aBatchRequestGivesEightDifferentPoints() throws Exception {
        DngoTuner t = tuner(new DngoClassArgs(OptimizeMode.MINIMIZE, 4L), BraninRuns.SPACE);
        BraninRuns.bestOf(t, 20, BraninRuns::branin);
        Set<JsonObject> batch = new HashSet<>();
        for (long id = 100; id < 108; id++) {
            batch.add((JsonObject) t.generateParameters(id));
        }
        assertEquals(8, batch.size(), batch.toString());
    }

    @Test
    void degenerateResultsFallBackToRandomAndLogOnce() {
        List<String> logged = LogCapture.during(() -> {
            DngoTuner equal = tuner(new DngoClassArgs(OptimizeMode.MINIMIZE, 200, 5, 20, 2L), BraninRuns.SPACE);
            assertDoesNotThrow(() -> BraninRuns.bestOf(equal, 25, p -> 1.0));
        });
        assertEquals(1, logged.stream().filter(m -> m.contains("DNGO: the results do not differ")).count(),
            logged.toString());
        DngoTuner nan = tuner(new DngoClassArgs(OptimizeMode.MINIMIZE, 200, 5, 20, 3L), BraninRuns.SPACE);
        assertDoesNotThrow(() -> BraninRuns.bestOf(nan, 20, p -> Double.NaN));
    }

    /**
     * The evidence holds the weights at zero when the basis has nothing to do with the targets (here they differ
     * only between rows of identical basis values, so no weights fit any of it), which {@code collapsed()} reports,
     * and not when the targets are a function of the basis.
     */
    @Test
    void aRegressionWhoseBasisExplainsNothingIsCollapsed() {
        Rng rng = new Rng(11);
        double[][] phi = new double[60][5];
        double[] noise = new double[phi.length];
        double[] signal = new double[phi.length];
        for (int r = 0; r < phi.length; r += 2) {
            for (int j = 0; j < 5; j++) {
                phi[r][j] = rng.nextGaussian();
            }
            phi[r + 1] = phi[r].clone();
            noise[r] = rng.nextGaussian();
            noise[r + 1] = -noise[r];
            signal[r] = phi[r][0] - 0.5 * phi[r][3] + 0.1 * rng.nextGaussian();
            signal[r + 1] = signal[r] + 0.1 * rng.nextGaussian();
        }
        assertTrue(BayesianLinearRegression.fit(phi, noise).collapsed());
        assertFalse(BayesianLinearRegression.fit(phi, signal).collapsed());
    }

    /**
     * While the regression has collapsed (results of pure noise: the network learns nothing that carries over), the
     * suggestion is drawn near one of the best results rather than ranked by an expected improvement that no longer
     * tells candidates apart (which sends it anywhere in the cube, far from every good result).
     */
    @Test
    void whileTheRegressionHasCollapsedSuggestionsStayNearTheBestResults() {
        SearchSpace space = SearchSpace.parse(Json.parseObject("{" + java.util.stream.IntStream.range(0, 5)
            .mapToObj(i -> "\"x" + i + "\": {\"_type\": \"uniform\", \"_value\": [0, 1]}")
            .collect(java.util.stream.Collectors.joining(", ")) + "}", "space"), SearchSpace.ALL_TYPES);
        NumericCube cube = new NumericCube(space);
        int collapsed = 0;
        int near = 0;
        for (long seed = 1; seed <= 3; seed++) {
            DngoSampler s = new DngoSampler(cube, new DngoClassArgs(OptimizeMode.MINIMIZE, 200, 20, 500, seed),
                new Rng(seed));
            Rng noise = new Rng(100 + seed);
            List<double[]> seen = new java.util.ArrayList<>();
            List<Double> losses = new java.util.ArrayList<>();
            for (int n = 0; n < 60; n++) {
                double[] x = s.suggest(List.of());
                if (s.lastCollapsed()) {
                    collapsed++;
                    near += nearOneOfTheBest(cube.encode(x), seen, losses, 10) ? 1 : 0;
                }
                double loss = noise.nextGaussian();
                seen.add(cube.encode(x));
                losses.add(loss);
                s.observe(x, loss);
            }
        }
        assertTrue(collapsed >= 10, "collapsed suggestions: " + collapsed);
        // with the rule: 24 of 31; without it (the expected improvement picks): 5 of 20
        assertTrue(near >= 0.6 * collapsed, near + " of " + collapsed + " collapsed suggestions near a top-10 result");
    }

    /** Whether {@code u} is within 0.15 (Euclidean, unit cube) of one of the {@code top} lowest-loss points. */
    private static boolean nearOneOfTheBest(double[] u, List<double[]> points, List<Double> losses, int top) {
        Integer[] order = new Integer[points.size()];
        java.util.Arrays.setAll(order, i -> i);
        java.util.Arrays.sort(order, java.util.Comparator.comparingDouble(losses::get));
        for (int r = 0; r < Math.min(top, order.length); r++) {
            double[] p = points.get(order[r]);
            double d2 = 0;
            for (int j = 0; j < u.length; j++) {
                d2 += (u[j] - p[j]) * (u[j] - p[j]);
            }
            if (d2 < 0.15 * 0.15) {
                return true;
            }
        }
        return false;
    }
}
