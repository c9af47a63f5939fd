package dev.tunerd.tuners.bench;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.tuners.smac.SmacClassArgs;
import dev.tunerd.tuners.smac.SmacTuner;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Locale;

/**
 * SMAC's cost per suggestion against the number of dimensions, and a fingerprint of its suggestions (issue 13 session
 * 34; docs/benchmarks/s34-hbtau.md). Not a unit test: it prints, it does not assert.
 * <ul>
 * <li>{@code time D TRIALS SEED}: {@code D} uniform parameters, a sphere around 0.3; the time of each model
 * suggestion (after SMAC's ten random ones), thread CPU and wall, mean and worst.
 * <li>{@code hash TRIALS FIRST_SEED SEEDS}: mixed spaces of 6, 12 and 20 parameters (every numeric type, choices, a
 * nested choice from 12 on), every suggestion hashed bit for bit, one line per space and a total: equal lines before
 * and after a change show that it left every suggestion as it was.
 * </ul>
 * {@code java -cp $CP dev.tunerd.tuners.bench.SmacDimensions time 1000 12 38500}
 */
public final class SmacDimensions {
    private static final String[] TYPES = {
        "{\"_type\": \"uniform\", \"_value\": [-5, 5]}",
        "{\"_type\": \"loguniform\", \"_value\": [0.0001, 1]}",
        "{\"_type\": \"quniform\", \"_value\": [0, 10, 0.5]}",
        "{\"_type\": \"randint\", \"_value\": [0, 8]}",
        "{\"_type\": \"choice\", \"_value\": [\"a\", \"b\", \"c\"]}",
        "{\"_type\": \"normal\", \"_value\": [0, 1]}",
    };
    private static final String NESTED = "{\"_type\": \"choice\", \"_value\": [{\"_name\": \"sgd\", \"lr\": {\"_type\":"
        + " \"loguniform\", \"_value\": [0.0001, 1]}}, {\"_name\": \"adam\", \"beta\": {\"_type\": \"uniform\","
        + " \"_value\": [0.8, 0.999]}, \"eps\": {\"_type\": \"choice\", \"_value\": [1, 2, 3, 4]}}]}";

    private SmacDimensions() {
    }

    public static void main(String[] args) {
        switch (args[0]) {
            case "time" -> time(Integer.parseInt(args[1]), Integer.parseInt(args[2]), Long.parseLong(args[3]));
            case "hash" -> hash(Integer.parseInt(args[1]), Long.parseLong(args[2]), Integer.parseInt(args[3]));
            default -> throw new IllegalArgumentException("usage: SmacDimensions time D TRIALS SEED | hash TRIALS"
                + " FIRST_SEED SEEDS");
        }
    }

    private static SearchSpace space(String json) {
        return SearchSpace.parse((JsonObject) Json.parse(json), SearchSpace.ALL_TYPES);
    }

    private static Driver smac(SearchSpace space, long seed) {
        return new TunerDriver(new SmacTuner(AlgorithmContext.standalone(),
            new SmacClassArgs(OptimizeMode.MINIMIZE, null, seed)), space);
    }

    /** A loss of the internal values (NaN: inactive, left out): a weighted sphere, so the model has a slope. */
    private static double loss(double[] internal) {
        double sum = 0;
        for (int i = 0; i < internal.length; i++) {
            if (!Double.isNaN(internal[i])) {
                double d = internal[i] - 0.3 * (i % 4);
                sum += (1 + i % 3) * d * d;
            }
        }
        return sum;
    }

    private static void time(int dims, int trials, long seed) {
        StringBuilder json = new StringBuilder("{");
        for (int i = 0; i < dims; i++) {
            json.append(i == 0 ? "" : ", ").append("\"x").append(i).append("\": {\"_type\": \"uniform\", \"_value\":"
                + " [0, 1]}");
        }
        Driver d = smac(space(json.append('}').toString()), seed);
        ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        double cpuSum = 0;
        double wallSum = 0;
        double cpuWorst = 0;
        double wallWorst = 0;
        int timed = 0;
        for (int t = 0; t < trials; t++) {
            long cpu0 = bean.getCurrentThreadCpuTime();
            long wall0 = System.nanoTime();
            double[] x = d.ask();
            double cpu = (bean.getCurrentThreadCpuTime() - cpu0) / 1e6;
            double wall = (System.nanoTime() - wall0) / 1e6;
            if (t >= 10) { // SMAC's first ten suggestions are random
                timed++;
                cpuSum += cpu;
                wallSum += wall;
                cpuWorst = Math.max(cpuWorst, cpu);
                wallWorst = Math.max(wallWorst, wall);
            }
            d.tell(x, loss(x));
        }
        System.out.printf(Locale.ROOT, "SMAC %d dimensions, %d trials, seed %d: %d model suggestions, cpu mean %.1f"
            + " worst %.1f ms; wall mean %.1f worst %.1f ms%n", dims, trials, seed, timed, cpuSum / timed, cpuWorst,
            wallSum / timed, wallWorst);
    }

    private static String mixed(int dims) {
        StringBuilder json = new StringBuilder("{");
        int plain = dims >= 12 ? dims - 1 : dims;
        for (int i = 0; i < plain; i++) {
            json.append(i == 0 ? "" : ", ").append("\"p").append(i).append("\": ").append(TYPES[i % TYPES.length]);
        }
        if (plain < dims) {
            json.append(", \"optimizer\": ").append(NESTED);
        }
        return json.append('}').toString();
    }

    private static void hash(int trials, long firstSeed, int seeds) {
        long total = 0;
        for (int dims : new int[] {6, 12, 20}) {
            SearchSpace space = space(mixed(dims));
            long h = 17;
            for (long seed = firstSeed; seed < firstSeed + seeds; seed++) {
                Driver d = smac(space, seed);
                for (int t = 0; t < trials; t++) {
                    double[] x = d.ask();
                    for (double v : x) {
                        h = 31 * h + Double.doubleToLongBits(v);
                    }
                    d.tell(x, loss(x));
                }
            }
            System.out.printf(Locale.ROOT, "SMAC mixed%d %016x%n", dims, h);
            total = 31 * total + h;
        }
        System.out.printf(Locale.ROOT, "SMAC all %016x%n", total);
    }
}
