package dev.tunerd.simulator.problem;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongFunction;

/**
 * The registry of built-in problems by name: the nine textbook functions of BENCHMARKS.md section 1 (in that
 * order), the mixed conditional space and the learning curves (issue 13 session 25 added {@code curves60},
 * {@code stepdecay}, {@code overfit} and {@code noisycurves}, not used to tune any algorithm; session 26 added
 * {@code warmcosine}, {@code unstable}, {@code noisystart} and {@code adamsgd}, built blind as the outside check of
 * the rules tuned on the eight before them; session 27 added {@code sgdr}, {@code plateau}, {@code labelnoise} and
 * {@code finetune}, built blind the same way). Thread-safe (immutable after class load).
 */
public final class Problems {

    /** The nine problems of the quality protocol, in the order of the reference tables. */
    public static final List<String> TEXTBOOK = List.of(
        "branin", "goldstein", "camel6", "hartmann3", "hartmann6", "rosenbrock4", "ackley5", "levy6", "styblinski5");

    private static final Map<String, LongFunction<Problem>> FACTORIES = new LinkedHashMap<>();

    static {
        register(seed -> new BoxFunctionProblem("branin", "Branin-Hoo, 2-D", new double[] {-5, 0},
            new double[] {10, 15}, 0.397887, new double[] {Math.PI, 2.275}, TextbookFunctions::branin));
        register(seed -> BoxFunctionProblem.cube("goldstein", "Goldstein-Price, 2-D", 2, -2, 2, 3, 0,
            TextbookFunctions::goldsteinPrice).withArgmin(0, -1));
        register(seed -> new BoxFunctionProblem("camel6", "six-hump camel, 2-D", new double[] {-3, -2},
            new double[] {3, 2}, -1.0316285, new double[] {0.0898420131003, -0.712656403020},
            TextbookFunctions::sixHumpCamel));
        register(seed -> BoxFunctionProblem.cube("hartmann3", "Hartmann, 3-D", 3, 0, 1, -3.86278, 0,
            TextbookFunctions::hartmann3).withArgmin(0.114614, 0.555649, 0.852547));
        register(seed -> BoxFunctionProblem.cube("hartmann6", "Hartmann, 6-D", 6, 0, 1, -3.32237, 0,
            TextbookFunctions::hartmann6).withArgmin(0.20169, 0.150011, 0.476874, 0.275332, 0.311652, 0.6573));
        register(seed -> BoxFunctionProblem.cube("rosenbrock4", "Rosenbrock, 4-D", 4, -5, 10, 0, 1,
            TextbookFunctions::rosenbrock));
        register(seed -> BoxFunctionProblem.cube("ackley5", "Ackley, 5-D", 5, -32.768, 32.768, 0, 0,
            TextbookFunctions::ackley));
        register(seed -> BoxFunctionProblem.cube("levy6", "Levy, 6-D", 6, -10, 10, 0, 1, TextbookFunctions::levy));
        register(seed -> BoxFunctionProblem.cube("styblinski5", "Styblinski-Tang, 5-D", 5, -5, 5, -39.16617 * 5,
            -2.903534, TextbookFunctions::styblinskiTang));
        register(seed -> new MixedSpaceProblem());
        register(LearningCurveProblem::new);
        register(CrossingCurvesProblem::new);
        register(LongCurvesProblem::new);
        register(CrossingCurvesProblem::longCrossing);
        register(ScheduleProblem::new);
        register(Curves60Problem::new);
        register(StepDecayProblem::new);
        register(OverfitProblem::new);
        register(NoisyCurvesProblem::new);
        register(WarmCosineProblem::new);
        register(UnstableProblem::new);
        register(NoisyStartProblem::new);
        register(AdamSgdProblem::new);
        register(SgdrProblem::new);
        register(PlateauProblem::new);
        register(LabelNoiseProblem::new);
        register(FinetuneProblem::new);
    }

    private Problems() {
    }

    private static void register(LongFunction<Problem> factory) {
        FACTORIES.put(factory.apply(0).name(), factory);
    }

    /** Every problem name, textbook functions first. */
    public static List<String> names() {
        return new ArrayList<>(FACTORIES.keySet());
    }

    /**
     * The problem called {@code name} (case-insensitive); {@code seed} fixes its noise, if it has any.
     *
     * @throws IllegalArgumentException naming the known problems when there is none by that name
     */
    public static Problem create(String name, long seed) {
        LongFunction<Problem> factory = FACTORIES.get(name.toLowerCase(Locale.ROOT));
        if (factory == null) {
            throw new IllegalArgumentException("unknown problem \"" + name + "\"; known problems: "
                + String.join(", ", FACTORIES.keySet()));
        }
        return factory.apply(seed);
    }
}
