package dev.tunerd.tuners.bench;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** Command-line helpers shared by the in-process multi-fidelity twins ({@link HyperbandSim}, {@link AssessorSim}). */
final class SimArgs {
    private SimArgs() {
    }

    /** The positional arguments both twins start with: the problem, the first seed, the number of seeds, workers. */
    record Seeds(String problem, long first, int seeds, int workers) {
        /** Reads {@code args[0..3]}; the usage names what is missing or not a number. */
        static Seeds parse(String[] args, String usage) {
            try {
                return new Seeds(args[0], Long.parseLong(args[1]), Integer.parseInt(args[2]),
                    Integer.parseInt(args[3]));
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("usage: " + usage, e);
            }
        }
    }

    /**
     * The numeric classArgs given as {@code key=value} from {@code args[from]} on, each one of {@code known}.
     *
     * @throws IllegalArgumentException naming the argument that is not {@code key=number}, or the key not known
     */
    static Map<String, Double> classArgs(String[] args, int from, Set<String> known) {
        Map<String, Double> extra = new HashMap<>();
        for (int i = from; i < args.length; i++) {
            String[] kv = args[i].split("=", 2);
            try {
                extra.put(kv[0], Double.parseDouble(kv[1]));
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("expected key=number, got \"" + args[i] + "\"", e);
            }
            if (!known.contains(kv[0])) { // a key the twin does not read would give the defaults' run, silently
                throw new IllegalArgumentException("unknown key \"" + kv[0] + "\"; known: "
                    + String.join(", ", new TreeSet<>(known)));
            }
        }
        return extra;
    }

    /** The value of the last {@code key=word} argument from {@code args[from]} on, or null (its default). */
    static String word(String[] args, int from, String key) {
        String value = null;
        for (int i = from; i < args.length; i++) {
            if (args[i].startsWith(key + "=")) {
                value = args[i].substring(key.length() + 1);
            }
        }
        return value;
    }

    /** {@code args} without the {@code key=...} arguments ({@link #word}), for {@link #classArgs}. */
    static String[] without(String[] args, String key) {
        return java.util.Arrays.stream(args).filter(a -> !a.startsWith(key + "=")).toArray(String[]::new);
    }
}
