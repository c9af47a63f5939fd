package dev.tunerd.tuners.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The advisor's time per request and per trial end in a {@link HyperbandSim} run, kept for the observations (trials
 * ended so far) in bands {@code [mark, mark + width)}; full once the last band is. Each call is timed twice: wall
 * clock, and the thread's CPU time, which a machine shared with other processes does not inflate (the figure to
 * compare across runs; wall time includes being descheduled). For {@link HyperbandTiming}.
 */
final class DecisionLog {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final long[] marks;
    private final long width;
    /** Per band: requests' and ends' wall and CPU nanoseconds. */
    private final List<List<Long>> requestWall = new ArrayList<>();
    private final List<List<Long>> requestCpu = new ArrayList<>();
    private final List<List<Long>> endWall = new ArrayList<>();
    private final List<List<Long>> endCpu = new ArrayList<>();
    private long observations;

    DecisionLog(long[] marks, long width) {
        this.marks = marks.clone();
        this.width = width;
        for (int i = 0; i < marks.length; i++) {
            requestWall.add(new ArrayList<>());
            requestCpu.add(new ArrayList<>());
            endWall.add(new ArrayList<>());
            endCpu.add(new ArrayList<>());
        }
    }

    /** The calling thread's CPU time so far, in nanoseconds. */
    static long cpu() {
        return THREADS.getCurrentThreadCpuTime();
    }

    /** A request took {@code wall} nanoseconds, {@code cpu} of them on the CPU. */
    void request(long wall, long cpu) {
        int band = band();
        if (band >= 0) {
            requestWall.get(band).add(wall);
            requestCpu.get(band).add(cpu);
        }
    }

    /** A trial end (which may pay owed requests) took {@code wall} nanoseconds, {@code cpu} on the CPU. */
    void end(long wall, long cpu) {
        int band = band();
        if (band >= 0) {
            endWall.get(band).add(wall);
            endCpu.get(band).add(cpu);
        }
        observations++;
    }

    boolean full() {
        return observations >= marks[marks.length - 1] + width;
    }

    private int band() {
        for (int i = 0; i < marks.length; i++) {
            if (observations >= marks[i] && observations < marks[i] + width) {
                return i;
            }
        }
        return -1;
    }

    /** Lines per band: count, mean, median, p99 and worst in ms, CPU then wall, for requests and for trial ends. */
    List<String> report() {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < marks.length; i++) {
            out.add(String.format("%d observations, requests: cpu %s; wall %s", marks[i], stats(requestCpu.get(i)),
                stats(requestWall.get(i))));
            out.add(String.format("%d observations, ends: cpu %s; wall %s", marks[i], stats(endCpu.get(i)),
                stats(endWall.get(i))));
        }
        return out;
    }

    private static String stats(List<Long> nanos) {
        if (nanos.isEmpty()) {
            return "none";
        }
        long[] v = nanos.stream().mapToLong(Long::longValue).toArray();
        Arrays.sort(v);
        double mean = Arrays.stream(v).average().orElse(0) / 1e6;
        return String.format("n %d mean %.4f median %.4f p99 %.4f worst %.4f ms", v.length, mean,
            v[v.length / 2] / 1e6, v[Math.min(v.length - 1, (int) Math.ceil(0.99 * v.length) - 1)] / 1e6,
            v[v.length - 1] / 1e6);
    }
}
