package dev.tunerd.tuners.bench;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.tuners.tpe.TpeArgs;
import dev.tunerd.tuners.tpe.TpeClassArgs;
import dev.tunerd.tuners.tpe.TpeTuner;
import java.util.Locale;

/**
 * A long TPE run through the tuner's public API (10,000 trials on hartmann6 by default) that reports the heap in use
 * after a full GC and the total time. Run it with {@code -Xmx256m} to check the memory target:
 * <pre>java -Xmx256m -cp tuners/target/classes:tuners/target/test-classes:tuner-spi/target/classes \
 *     dev.tunerd.tuners.bench.LongRun 10000</pre>
 */
public final class LongRun {
    private LongRun() {
    }

    public static void main(String[] args) {
        int trials = args.length == 0 ? 10_000 : Integer.parseInt(args[0]);
        Problem h6 = Problem.all()[4];
        TunerDriver d = new TunerDriver(new TpeTuner(AlgorithmContext.standalone(),
            new TpeClassArgs(OptimizeMode.MINIMIZE, 1L, TpeArgs.defaults())), h6.space());
        long t0 = System.nanoTime();
        double best = Double.POSITIVE_INFINITY;
        for (int i = 0; i < trials; i++) {
            double[] x = d.ask();
            double y = h6.value(x);
            best = Math.min(best, y);
            d.tell(x, y);
        }
        double secs = (System.nanoTime() - t0) / 1e9;
        System.gc();
        Runtime rt = Runtime.getRuntime();
        System.out.printf(Locale.ROOT, "%d trials in %.1f s (%.3f ms each), best regret %.2e, heap in use %.1f MB"
            + " of max %.0f MB%n", trials, secs, secs * 1000 / trials, best - h6.optimum(),
            (rt.totalMemory() - rt.freeMemory()) / 1048576.0, rt.maxMemory() / 1048576.0);
    }
}
