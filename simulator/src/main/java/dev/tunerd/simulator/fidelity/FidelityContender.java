package dev.tunerd.simulator.fidelity;

import dev.tunerd.simulator.manager.AlgorithmChoice;
import dev.tunerd.spi.OptimizeMode;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * A way to spend epochs that the multi-fidelity benchmark compares: a tuner (an advisor, or a tuner with full
 * trainings) and an optional assessor, their classArgs derived from the problem's horizon E and the run's seed:
 * Hyperband {@code R = E}; BOHB budgets 1..E ({@code BOHB-nni}: NNI's KDE, {@code num_samples} 64 and bracket order;
 * {@code BOHB-kde}: the KDE with tunerd's other defaults, BOHB's default before issue 13 session 8); ASHA budgets E/9..E (three rungs: with crossing curves a first rung at
 * one epoch misleads, chosen on tuning seeds 100-102); Medianstop {@code start_step 5}; SuccessiveHalving
 * {@code min_step 5}; eta 3 everywhere. Immutable.
 *
 * @param label    the name in the tables
 * @param tuner    tuner name
 * @param assessor assessor name, or null
 */
public record FidelityContender(String label, String tuner, String assessor) {

    /** The contenders by label, as {@code --algorithms} names them. */
    public static final List<FidelityContender> ALL = List.of(
        new FidelityContender("Random", "Random", null),
        new FidelityContender("TPE+Medianstop", "TPE", "Medianstop"),
        new FidelityContender("TPE+SuccessiveHalving", "TPE", "SuccessiveHalving"),
        new FidelityContender("Hyperband", "Hyperband", null),
        new FidelityContender("Hyperband-serial", "Hyperband", null),
        new FidelityContender("BOHB", "BOHB", null),
        new FidelityContender("BOHB-serial", "BOHB", null),
        new FidelityContender("BOHB-nni", "BOHB", null),
        new FidelityContender("BOHB-kde", "BOHB", null),
        new FidelityContender("ASHA", "ASHA", null),
        new FidelityContender("ASHA-tpe", "ASHA", null),
        new FidelityContender("ASHA-plain", "ASHA", null),
        new FidelityContender("ASHA-tpe-plain", "ASHA", null));

    /**
     * The contender of that label; {@code <label>@<tau>} (e.g. {@code ASHA@0.4}) is the same contender with classArg
     * {@code rank_agreement} set to tau (its advisor's, or its assessor's for a tuner with an assessor);
     * {@code <label>#key=value;...} (a number, {@code true} or {@code false}) adds classArgs (the assessor's for a tuner with an assessor; they override the
     * contender's own); {@code <label>:ir}, last, runs the daemon with {@code NNI_INCLUDE_INTERMEDIATE_RESULTS=true}
     * (a trial the assessor stops reaches the tuner with its last intermediate result as final, NNI's option).
     */
    public static FidelityContender named(String label) {
        if (label.endsWith(INCLUDE_SUFFIX)) { // <label>:ir: the daemon passes a stopped trial's last value on as final
            FidelityContender base = named(label.substring(0, label.length() - INCLUDE_SUFFIX.length()));
            if (base.assessor == null || base.includesIntermediateResults()) {
                throw new IllegalArgumentException("\"" + label + "\": only a tuner with an assessor takes "
                    + INCLUDE_SUFFIX + " (once)");
            }
            return new FidelityContender(base.label + INCLUDE_SUFFIX, base.tuner, base.assessor);
        }
        int hash = label.indexOf('#');
        if (hash > 0) { // <label>#key=number;key=number: more classArgs of the tuner (tuning runs)
            FidelityContender base = named(label.substring(0, hash));
            for (String pair : label.substring(hash + 1).split(";")) {
                if (!pair.matches("[a-z_]+=(-?[0-9.]+|true|false)")) {
                    throw new IllegalArgumentException("\"" + label + "\": after # come key=value pairs (a number,"
                        + " true or false), separated by ;");
                }
            }
            return new FidelityContender(base.label + label.substring(hash), base.tuner, base.assessor);
        }
        int at = label.indexOf('@');
        if (at > 0) {
            FidelityContender base = named(label.substring(0, at));
            double tau;
            try {
                tau = Double.parseDouble(label.substring(at + 1));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("\"" + label + "\": the rank agreement after @ must be a number");
            }
            if (!(tau >= -1 && tau <= 1) || (base.assessor == null ? base.tuner.matches("Random|TPE")
                : base.assessor.equals("Medianstop"))) {
                throw new IllegalArgumentException("\"" + label + "\": only a multi-fidelity algorithm takes a rank"
                    + " agreement in -1..1");
            }
            return new FidelityContender(base.label + "@" + tau, base.tuner, base.assessor);
        }
        return ALL.stream().filter(c -> c.label.equalsIgnoreCase(label)).findFirst().orElseThrow(() ->
            new IllegalArgumentException("unknown algorithm \"" + label + "\"; known: "
                + String.join(", ", ALL.stream().map(FidelityContender::label).toList())));
    }

    /** The label suffix that turns on {@code NNI_INCLUDE_INTERMEDIATE_RESULTS}. */
    static final String INCLUDE_SUFFIX = ":ir";

    /** Whether the daemon passes a stopped trial's last intermediate result to the tuner as its final result. */
    public boolean includesIntermediateResults() {
        return label.endsWith(INCLUDE_SUFFIX);
    }

    /** The daemon's environment for this contender: {@code NNI_INCLUDE_INTERMEDIATE_RESULTS} always set. */
    java.util.Map<String, String> environment() {
        return java.util.Map.of("NNI_INCLUDE_INTERMEDIATE_RESULTS", String.valueOf(includesIntermediateResults()));
    }

    private String withoutInclude() {
        return includesIntermediateResults() ? label.substring(0, label.length() - INCLUDE_SUFFIX.length()) : label;
    }

    /** The label without a {@code @tau}, {@code #key=number} or {@code :ir} suffix. */
    private String base() {
        String b = withoutExtras();
        int at = b.indexOf('@');
        return at > 0 ? b.substring(0, at) : b;
    }

    private String withoutExtras() {
        String l = withoutInclude();
        int hash = l.indexOf('#');
        return hash > 0 ? l.substring(0, hash) : l;
    }

    /**
     * {@code "rank_agreement": tau, } for a {@code @tau} label, and {@code "key": number, } for each pair of a
     * {@code #key=number;...} suffix, else nothing.
     */
    private String rankAgreement() {
        String b = withoutExtras();
        int at = b.indexOf('@');
        StringBuilder out = new StringBuilder(at > 0 ? "\"rank_agreement\": " + b.substring(at + 1) + ", " : "");
        String l = withoutInclude();
        int hash = l.indexOf('#');
        if (hash > 0) {
            for (String pair : l.substring(hash + 1).split(";")) {
                int eq = pair.indexOf('=');
                out.append('"').append(pair, 0, eq).append("\": ").append(pair.substring(eq + 1)).append(", ");
            }
        }
        return out.toString();
    }

    public AlgorithmChoice tunerChoice(int epochs, long seed) {
        return tunerChoice(epochs, seed, OptimizeMode.MINIMIZE);
    }

    /** The tuner's choice with {@code optimize_mode} {@code mode} (every tuner here takes it, Random and TPE too). */
    AlgorithmChoice tunerChoice(int epochs, long seed, OptimizeMode mode) {
        String key = base().toLowerCase(Locale.ROOT);
        String open = "{\"optimize_mode\": \"" + mode + "\", ";
        String args = switch (key) {
            case "hyperband" -> open + "\"R\": " + epochs + ", \"eta\": 3, \"seed\": " + seed + "}";
            case "hyperband-serial" -> open + "\"R\": " + epochs
                + ", \"eta\": 3, \"exec_mode\": \"serial\", \"seed\": " + seed + "}";
            case "bohb" -> open + "\"min_budget\": 1, \"max_budget\": " + epochs
                + ", \"eta\": 3, \"seed\": " + seed + "}";
            case "bohb-serial" -> open + "\"min_budget\": 1, \"max_budget\": " + epochs
                + ", \"eta\": 3, \"exec_mode\": \"serial\", \"seed\": " + seed + "}";
            case "bohb-nni" -> open + "\"min_budget\": 1, \"max_budget\": " + epochs
                + ", \"eta\": 3, \"sampler\": \"kde\", \"num_samples\": 64, \"rank_agreement\": -1, \"seed\": " + seed + "}";
            case "bohb-kde" -> open + "\"min_budget\": 1, \"max_budget\": " + epochs
                + ", \"eta\": 3, \"sampler\": \"kde\", \"seed\": " + seed + "}";
            case "asha" -> open + "\"min_budget\": " + Math.max(1, epochs / 9)
                + ", \"max_budget\": " + epochs + ", \"eta\": 3, \"seed\": " + seed + "}";
            case "asha-tpe" -> open + "\"min_budget\": " + Math.max(1, epochs / 9)
                + ", \"max_budget\": " + epochs + ", \"eta\": 3, \"sampler\": \"tpe\", \"seed\": " + seed + "}";
            case "asha-plain" -> open + "\"min_budget\": " + Math.max(1, epochs / 9)
                + ", \"max_budget\": " + epochs + ", \"eta\": 3, \"rank_agreement\": -1, \"seed\": " + seed + "}";
            case "asha-tpe-plain" -> open + "\"min_budget\": " + Math.max(1, epochs / 9)
                + ", \"max_budget\": " + epochs + ", \"eta\": 3, \"sampler\": \"tpe\", \"rank_agreement\": -1,"
                + " \"seed\": " + seed + "}";
            default -> null;
        };
        if (args != null && assessor == null) {
            args = "{" + rankAgreement() + args.substring(1);
        }
        return AlgorithmChoice.withDefaults(tuner, args, seed, mode);
    }

    AlgorithmChoice assessorChoice() {
        return assessorChoice(OptimizeMode.MINIMIZE);
    }

    /** The assessor's choice with {@code optimize_mode} {@code mode}; null without an assessor. */
    AlgorithmChoice assessorChoice(OptimizeMode mode) {
        if (assessor == null) {
            return null;
        }
        String extras = rankAgreement(); // after the contender's own classArgs: a repeated key's last value counts
        String more = extras.isEmpty() ? "" : ", " + extras.substring(0, extras.length() - 2);
        String open = "{\"optimize_mode\": \"" + mode + "\", ";
        return assessor.equals("Medianstop")
            ? new AlgorithmChoice("Medianstop", open + "\"start_step\": 5" + more + "}")
            : new AlgorithmChoice("SuccessiveHalving", open + "\"min_step\": 5, \"eta\": 3"
                + more + "}");
    }

    /** Serial Hyperband and BOHB send owed trials from trial ends; the manager gives those a moment to arrive. */
    Duration settle() {
        return base().toLowerCase(Locale.ROOT).endsWith("-serial") ? Duration.ofMillis(3) : Duration.ZERO;
    }
}
