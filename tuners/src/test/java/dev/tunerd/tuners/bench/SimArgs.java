package dev.tunerd.tuners.bench;

import java.util.HashMap;
import java.util.Map;

/** Command-line helpers shared by the in-process multi-fidelity twins ({@link HyperbandSim}, {@link AssessorSim}). */
final class SimArgs {
    private SimArgs() {
    }

    /**
     * The numeric classArgs given as {@code key=value} from {@code args[from]} on.
     *
     * @throws IllegalArgumentException naming the argument that is not {@code key=number}
     */
    static Map<String, Double> classArgs(String[] args, int from) {
        Map<String, Double> extra = new HashMap<>();
        for (int i = from; i < args.length; i++) {
            String[] kv = args[i].split("=", 2);
            try {
                extra.put(kv[0], Double.parseDouble(kv[1]));
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("expected key=number, got \"" + args[i] + "\"", e);
            }
        }
        return extra;
    }
}
