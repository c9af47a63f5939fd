package dev.tunerd.tuners.bench;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.tuners.tpe.TpeArgs;
import dev.tunerd.tuners.tpe.TpeClassArgs;
import dev.tunerd.tuners.tpe.TpeTuner;
import java.util.Arrays;
import java.util.Locale;

/**
 * Median milliseconds per TPE suggestion (ask + tell) after n completed trials on hartmann6 (docs/BENCHMARKS.md
 * section 2), without JMH. After a warm-up run, for each n: five independent runs (seeds n..n+4) fill the history to
 * n, then time {@code max(20, min(100, n / 10))} single ask+tell steps each (so the history stays within 10% of n);
 * the median and mean are over all timed steps. Once for the estimator alone, once through the tuner's API
 * (generate + result + trial end). Run:
 * <pre>java -cp tuners/target/classes:tuners/target/test-classes:tuner-spi/target/classes \
 *     dev.tunerd.tuners.bench.MicroTiming 100 1000 5000</pre>
 */
public final class MicroTiming {
    private static final int RUNS = 5;

    private MicroTiming() {
    }

    public static void main(String[] args) {
        int[] ns = args.length == 0 ? new int[] {100, 1000, 5000}
            : Arrays.stream(args).mapToInt(Integer::parseInt).toArray();
        Problem h6 = Problem.all()[4];
        time(h6, 3000, false);
        time(h6, 3000, true);
        for (boolean tuner : new boolean[] {false, true}) {
            for (int n : ns) {
                double[] ms = time(h6, n, tuner);
                System.out.printf(Locale.ROOT, "TPE %s n=%d median %.4f ms per suggestion (mean %.4f, %d steps)%n",
                    tuner ? "tuner " : "kernel", n, QualityBench.median(ms), QualityBench.mean(ms), ms.length);
            }
        }
    }

    private static double[] time(Problem h6, int n, boolean tuner) {
        int steps = Math.max(20, Math.min(100, n / 10));
        double[] ms = new double[RUNS * steps];
        for (int run = 0; run < RUNS; run++) {
            Driver d = tuner
                ? new TunerDriver(new TpeTuner(AlgorithmContext.standalone(),
                    new TpeClassArgs(OptimizeMode.MINIMIZE, (long) n + run, TpeArgs.defaults())), h6.space())
                : BenchDrivers.sampler(BenchDrivers.tpe(h6.space(), n + run, QualityBench.tpeSettings()));
            for (int i = 0; i < n; i++) {
                double[] x = d.ask();
                d.tell(x, h6.value(x));
            }
            for (int i = 0; i < steps; i++) {
                long t0 = System.nanoTime();
                double[] x = d.ask();
                d.tell(x, h6.value(x));
                ms[run * steps + i] = (System.nanoTime() - t0) / 1e6;
            }
        }
        return ms;
    }
}
