package dev.tunerd.tuners.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;

/**
 * Per-suggestion cost over whole sequential runs of a tuner of {@link BenchDrivers} on hartmann6 (6-D), every step
 * counted (model trainings and refits included): thread CPU time, which a loaded machine distorts far less than
 * wall time, and wall time next to it. After one untimed warm-up run, {@code runs} runs of {@code trials} trials
 * (seeds 1..runs); prints the mean, median, 90th percentile and maximum of the asks after the first
 * {@code skip} (the random start). Run (same classpath as {@link QualityBench}):
 * <pre>java … dev.tunerd.tuners.bench.RunTiming DNGO 200 3 20</pre>
 * (tuner, trials, runs, skip). Not a unit test: it measures, it does not assert.
 */
public final class RunTiming {
    private RunTiming() {
    }

    public static void main(String[] args) {
        String name = args[0];
        int trials = Integer.parseInt(args[1]);
        int runs = Integer.parseInt(args[2]);
        int skip = Integer.parseInt(args[3]);
        Problem h6 = Problem.all()[4];
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        run(name, h6, trials, 0, mx, new double[trials], new double[trials]);
        double[] cpu = new double[runs * (trials - skip)];
        double[] wall = new double[cpu.length];
        for (int r = 1; r <= runs; r++) {
            double[] c = new double[trials];
            double[] w = new double[trials];
            run(name, h6, trials, r, mx, c, w);
            System.arraycopy(c, skip, cpu, (r - 1) * (trials - skip), trials - skip);
            System.arraycopy(w, skip, wall, (r - 1) * (trials - skip), trials - skip);
        }
        print(name + " cpu ", cpu);
        print(name + " wall", wall);
    }

    private static void run(String name, Problem p, int trials, long seed, ThreadMXBean mx, double[] cpu,
                            double[] wall) {
        Driver d = BenchDrivers.all().get(name).apply(p.space(), seed);
        for (int i = 0; i < trials; i++) {
            long c0 = mx.getCurrentThreadCpuTime();
            long t0 = System.nanoTime();
            double[] x = d.ask();
            cpu[i] = (mx.getCurrentThreadCpuTime() - c0) / 1e6;
            wall[i] = (System.nanoTime() - t0) / 1e6;
            d.tell(x, p.value(x));
        }
    }

    private static void print(String label, double[] ms) {
        double[] s = ms.clone();
        Arrays.sort(s);
        System.out.printf(Locale.ROOT, "%s ms per suggestion: mean %.3f, median %.3f, p90 %.3f, max %.1f (%d asks)%n",
            label, Arrays.stream(ms).average().orElse(0), s[s.length / 2], s[(int) (0.9 * (s.length - 1))],
            s[s.length - 1], s.length);
    }
}
