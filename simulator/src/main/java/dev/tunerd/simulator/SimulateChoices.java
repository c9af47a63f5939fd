package dev.tunerd.simulator;

import dev.tunerd.protocol.json.JsonException;
import dev.tunerd.simulator.fidelity.FidelityContender;
import dev.tunerd.simulator.manager.AlgorithmChoice;
import dev.tunerd.simulator.problem.Problem;
import dev.tunerd.simulator.problem.Problems;
import dev.tunerd.spi.text.SafeText;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The tuner and assessor {@code tunerd simulate} starts, with the classArgs it fills in when the user gives none:
 * a minimising experiment (and the run's seed) for every algorithm; for a multi-fidelity advisor (Hyperband, BOHB,
 * ASHA) the budgets of the problem's horizon E, as {@code tunerd bench multifidelity} sets them (Hyperband R = E;
 * BOHB budgets 1..E; ASHA E/9..E; eta 3); Curvefitting's {@code epoch_num} = E. An advisor on a problem of a single
 * epoch is a usage error: it sets {@code TRIAL_BUDGET}, and no trial could train less than the whole. Stateless.
 */
final class SimulateChoices {

    private static final Set<String> ADVISORS = Set.of("hyperband", "bohb", "asha");

    private SimulateChoices() {
    }

    /** The tuner with its classArgs; {@code argsJson} null when the user gave none. */
    static AlgorithmChoice tuner(String name, String argsJson, Problem problem, long seed) {
        boolean advisor = ADVISORS.contains(name.toLowerCase(Locale.ROOT));
        if (advisor && problem.epochs() < 2) {
            throw new IllegalArgumentException(SafeText.of(name) + " is a multi-fidelity advisor: it trains trials for "
                + "TRIAL_BUDGET epochs, and problem " + problem.name() + " has a single epoch; choose a learning-curve "
                + "problem (" + String.join(", ", curveProblems()) + ")");
        }
        if (argsJson == null && advisor) {
            return FidelityContender.named(name).tunerChoice(problem.epochs(), seed);
        }
        return choice("--tuner-args", name, argsJson, seed);
    }

    /** The assessor with its classArgs, or empty without one. */
    static Optional<AlgorithmChoice> assessor(String name, String argsJson, Problem problem, long seed) {
        if (name == null) {
            return Optional.empty();
        }
        if (argsJson == null && name.equalsIgnoreCase("Curvefitting")) {
            return Optional.of(new AlgorithmChoice(name, "{\"optimize_mode\": \"minimize\", \"epoch_num\": "
                + problem.epochs() + "}"));
        }
        return Optional.of(choice("--assessor-args", name, argsJson, seed));
    }

    /**
     * The choice; classArgs that are no JSON object (malformed, a list, a string) are a bad {@code option}: they
     * escaped as a stack trace and exit 1 (issue 13 hardening), now exit 2 naming the option.
     */
    private static AlgorithmChoice choice(String option, String name, String argsJson, long seed) {
        try {
            return AlgorithmChoice.withDefaults(name, argsJson, seed);
        } catch (JsonException e) {
            throw new IllegalArgumentException(option + ": " + e.getMessage(), e);
        }
    }

    private static java.util.List<String> curveProblems() {
        return Problems.names().stream().filter(n -> Problems.create(n, 0).epochs() > 1).toList();
    }
}
