package dev.tunerd.tuners.bench;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.NoMoreTrialsException;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.tuners.gp.GpClassArgs;
import dev.tunerd.tuners.gp.GpTuner;
import dev.tunerd.tuners.metis.MetisClassArgs;
import dev.tunerd.tuners.metis.MetisSettings;
import dev.tunerd.tuners.metis.MetisTuner;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.BiFunction;

/**
 * Throwaway probe (docs/benchmarks/s16.md, session 16's Auto section): Metis runs {@code probe.k} trials of a problem;
 * then several tuners are given exactly those observations (as results of trials they did not issue) and asked for
 * their next point, whose true regret and, on styblinski5, number of coordinates in the shallower well are printed
 * to stderr, one line per seed. {@code -Dbench.seedBase}, {@code -Dbench.seeds}, {@code -Dprobe.problem}.
 */
public final class MetisGpProbe {
    private MetisGpProbe() {
    }

    public static void main(String[] args) throws Exception {
        int k = Integer.getInteger("probe.k", 30);
        long base = Long.getLong("bench.seedBase", 114000L);
        int seeds = Integer.getInteger("bench.seeds", 20);
        String name = System.getProperty("probe.problem", "styblinski5");
        Problem problem = null;
        for (Problem p : Problem.all()) {
            if (p.name().equals(name)) {
                problem = p;
            }
        }
        List<String> names = List.of("incumbent", "GP", "Metis", "Metis-lowestMean", "Metis-explore1", "Metis-ei50");
        List<BiFunction<SearchSpace, Long, Tuner>> makers = List.of(
            (s, seed) -> null,
            (s, seed) -> new GpTuner(AlgorithmContext.standalone(), new GpClassArgs(OptimizeMode.MINIMIZE, seed)),
            (s, seed) -> new MetisTuner(AlgorithmContext.standalone(), new MetisClassArgs(OptimizeMode.MINIMIZE, seed)),
            (s, seed) -> new MetisTuner(AlgorithmContext.standalone(), new MetisClassArgs(OptimizeMode.MINIMIZE,
                null, true, null, null, null, seed)),
            (s, seed) -> new MetisTuner(AlgorithmContext.standalone(), new MetisClassArgs(OptimizeMode.MINIMIZE,
                null, null, null, null, 1.0, seed)),
            (s, seed) -> new MetisTuner(AlgorithmContext.standalone(), new MetisClassArgs(OptimizeMode.MINIMIZE, seed),
                new MetisSettings(50, 0)));
        System.err.println("# seed " + String.join(" ", names) + "  (regret [shallow-well coordinates])");
        double[][] sums = new double[names.size()][2];
        for (int i = 0; i < seeds; i++) {
            long seed = base + i;
            SearchSpace space = problem.space();
            Tuner metis = makers.get(2).apply(space, seed);
            metis.updateSearchSpace(space.raw());
            List<JsonObject> params = new ArrayList<>();
            List<Double> losses = new ArrayList<>();
            double[] bestX = null;
            double bestLoss = Double.POSITIVE_INFINITY;
            for (long id = 0; id < k; id++) {
                JsonObject p = (JsonObject) metis.generateParameters(id);
                double[] x = space.deformat(p);
                double loss = problem.evaluate(x);
                metis.receiveTrialResult(new TrialResult(id, p, JsonFloat.of(loss), false, Optional.empty()));
                metis.trialEnd(id, true);
                params.add(p);
                losses.add(loss);
                if (loss < bestLoss) {
                    bestLoss = loss;
                    bestX = x;
                }
            }
            StringBuilder line = new StringBuilder(Long.toString(seed));
            for (int t = 0; t < names.size(); t++) {
                double[] x = t == 0 ? bestX : next(makers.get(t).apply(space, seed), space, params, losses);
                double regret = problem.evaluate(x) - problem.optimum();
                int shallow = 0;
                for (double v : x) {
                    shallow += v > 0 ? 1 : 0;
                }
                sums[t][0] += regret;
                sums[t][1] += shallow;
                line.append(String.format(Locale.ROOT, " %.1f[%d]", regret, shallow));
            }
            System.err.println(line);
        }
        StringBuilder mean = new StringBuilder("# mean");
        for (double[] s : sums) {
            mean.append(String.format(Locale.ROOT, " %.1f[%.2f]", s[0] / seeds, s[1] / seeds));
        }
        System.err.println(mean);
    }

    private static double[] next(Tuner tuner, SearchSpace space, List<JsonObject> params, List<Double> losses)
        throws NoMoreTrialsException {
        tuner.updateSearchSpace(space.raw());
        for (int i = 0; i < params.size(); i++) {
            long id = 100_000 + i;
            tuner.receiveTrialResult(new TrialResult(id, params.get(i), JsonFloat.of(losses.get(i)), false,
                Optional.empty()));
            tuner.trialEnd(id, true);
        }
        return space.deformat((JsonObject) tuner.generateParameters(0));
    }
}
