package dev.tunerd.tuners.tpe.bench;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.tuners.tpe.TpeArgs;
import dev.tunerd.tuners.tpe.TpeClassArgs;
import dev.tunerd.tuners.tpe.TpeTuner;
import dev.tunerd.tuners.tpe.kernel.TpeSampler;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Median milliseconds per TPE suggestion (ask + tell) after n completed trials on hartmann6 (docs/BENCHMARKS.md
 * section 2), without JMH: fills the history to n, warms up, then times 200 single ask+tell steps. Run:
 * <pre>java -cp tuners/target/classes:tuners/target/test-classes:tuner-spi/target/classes \
 *     dev.tunerd.tuners.tpe.bench.MicroTiming 100 1000 5000</pre>
 */
public final class MicroTiming {
    private MicroTiming() {
    }

    public static void main(String[] args) {
        int[] ns = args.length == 0 ? new int[] {100, 1000, 5000}
            : Arrays.stream(args).mapToInt(Integer::parseInt).toArray();
        Problem h6 = Problem.all()[4];
        time(h6, 3000);
        for (int n : ns) {
            double[] ms = time(h6, n);
            System.out.printf(Locale.ROOT, "TPE kernel n=%d median %.4f ms per suggestion (mean %.4f)%n", n,
                QualityBench.median(ms), QualityBench.mean(ms));
        }
        timeTuner(h6, 3000);
        for (int n : ns) {
            double[] ms = timeTuner(h6, n);
            System.out.printf(Locale.ROOT, "TPE tuner  n=%d median %.4f ms per suggestion (mean %.4f; generate +"
                + " result + end)%n", n, QualityBench.median(ms), QualityBench.mean(ms));
        }
    }

    private static double[] timeTuner(Problem h6, int n) {
        TunerDriver d = new TunerDriver(new TpeTuner(AlgorithmContext.standalone(),
            new TpeClassArgs(OptimizeMode.MINIMIZE, (long) n, TpeArgs.defaults())), h6.space());
        for (int i = 0; i < n; i++) {
            double[] x = d.ask();
            d.tell(x, h6.value(x));
        }
        int steps = 200;
        double[] ms = new double[steps];
        for (int i = 0; i < steps; i++) {
            long t0 = System.nanoTime();
            double[] x = d.ask();
            d.tell(x, h6.value(x));
            ms[i] = (System.nanoTime() - t0) / 1e6;
        }
        return ms;
    }

    private static double[] time(Problem h6, int n) {
        {
            TpeSampler s = BenchDrivers.tpe(h6.space(), n, QualityBench.tpeSettings());
            for (int i = 0; i < n; i++) {
                double[] x = s.suggest(List.of());
                s.observe(x, h6.value(x));
            }
            int steps = 200;
            double[] ms = new double[steps];
            for (int i = 0; i < steps; i++) {
                long t0 = System.nanoTime();
                double[] x = s.suggest(List.of());
                s.observe(x, h6.value(x));
                ms[i] = (System.nanoTime() - t0) / 1e6;
            }
            return ms;
        }
    }
}
