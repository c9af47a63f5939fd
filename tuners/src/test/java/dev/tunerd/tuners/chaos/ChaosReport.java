package dev.tunerd.tuners.chaos;

import java.util.ArrayList;
import java.util.List;

/**
 * Shrinks a failing stream: with the same seed, turns the manager's knobs down one at a time (fewer workers, no
 * hostile values, no forks, no restarts, no imports or customized trials) while the stream still fails, and writes
 * the seed, the smallest knobs and the last events of that stream. Stateless.
 */
final class ChaosReport {
    private ChaosReport() {
    }

    /** One stream: null when it held, else what broke (the events go to {@code trace} when it is not null). */
    @FunctionalInterface
    interface Run {
        String run(String name, long seed, HostileManager.Knobs knobs, List<String> trace);
    }

    static final int SHOWN = 40;

    static String shrunk(String name, long seed, HostileManager.Knobs knobs, Run run) {
        HostileManager.Knobs k = knobs;
        for (int w = 1; w < k.workers(); w++) {
            HostileManager.Knobs fewer = k.with(w, k.hostility(), k.forks(), k.restarts(), k.extras());
            if (run.run(name, seed, fewer, null) != null) {
                k = fewer;
                break;
            }
        }
        HostileManager.Knobs[] tries = {
            k.with(k.workers(), 0.0, k.forks(), k.restarts(), k.extras()),
            k.with(k.workers(), k.hostility(), false, k.restarts(), k.extras()),
            k.with(k.workers(), k.hostility(), k.forks(), false, k.extras()),
            k.with(k.workers(), k.hostility(), k.forks(), k.restarts(), false)};
        for (HostileManager.Knobs t : tries) {
            HostileManager.Knobs candidate = t.with(t.workers(), Math.min(t.hostility(), k.hostility()),
                t.forks() && k.forks(), t.restarts() && k.restarts(), t.extras() && k.extras());
            if (run.run(name, seed, candidate, null) != null) {
                k = candidate;
            }
        }
        List<String> trace = new ArrayList<>();
        String why = run.run(name, seed, k, trace);
        StringBuilder out = new StringBuilder("seed " + seed + " (" + knobs + "), shrunk to " + k + ":\n" + why
            + "\nlast " + Math.min(SHOWN, trace.size()) + " of " + trace.size() + " events:\n");
        trace.subList(Math.max(0, trace.size() - SHOWN), trace.size()).forEach(e -> out.append("  ").append(e)
            .append('\n'));
        return out.toString();
    }
}
