package dev.tunerd.simulator.bench;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The reference figures of /work/shared/docs/BENCHMARKS.md (NNI 3.0 and Optuna on the same 2-core machine class),
 * embedded so that {@code tunerd bench quality} can print them beside its own. Immutable.
 */
public final class ReferenceFigures {

    /** Median simple regret after 100 trials, columns in {@code Problems.TEXTBOOK} order. */
    public static final Map<String, double[]> MEDIAN_REGRET_100 = table("""
        NNI Random|0.385|9.73|0.0793|0.199|1.46|933|16.9|7.4|48.1
        NNI TPE|0.172|1.65|0.0295|0.0462|0.436|202|11.5|2.76|37.7
        NNI Anneal (hyperopt)|0.0229|0.264|0.00613|0.036|0.0746|13.7|4.64|1.26|29.4
        NNI Evolution (pop 32)|0.342|10.4|0.113|0.12|1.11|440|15.3|5.45|46
        Optuna 3.1 TPE|0.0121|0.551|0.0148|0.0378|0.254|61.2|7.93|1.14|30.4
        Optuna 5.0 TPE|0.0188|0.173|0.00471|0.0162|0.0943|24.1|6.95|1.26|31.4
        Optuna 3.1 CMA-ES|0.0135|0.0969|0.000303|0.0916|0.275|44.7|6.44|0.758|43
        Optuna 4.9 GP|1.51e-05|0.486|3.61e-05|1.68e-05|0.000107|19.6|5.91|0.736|31.3
        """);

    /** Median simple regret after 200 trials. */
    public static final Map<String, double[]> MEDIAN_REGRET_200 = table("""
        NNI Random|0.194|7.82|0.029|0.18|1.14|597|16.5|6.52|47.1
        NNI TPE|0.0419|0.503|0.00776|0.0198|0.265|47.9|9.86|1.67|22.4
        NNI Anneal|0.00393|0.0466|0.000797|0.00926|0.0139|4.09|3.16|0.493|28.5
        Optuna 4.9 TPE|0.00482|0.0791|0.00166|0.00401|0.11|8.34|6.87|1.17|16.1
        Optuna 5.0 TPE|0.00305|0.0266|0.000576|0.00253|0.0307|7.28|4.25|0.332|28.9
        Optuna 3.1 CMA-ES|1.02e-05|6.36e-05|2.26e-07|0.0026|0.0424|4.82|2.67|0.181|23
        """);

    /** Normalised score at 50, 100 and 200 trials (NaN where the reference has none). */
    public static final Map<String, double[]> NORMALISED_SCORE = table("""
        NNI Random|0|0|0
        NNI Evolution|0.2|14.9|32.3
        NNI TPE|45.6|57.8|73.6
        NNI Anneal|61.8|80.0|84.2
        Optuna 3.1 TPE|58.8|72.9|78.4
        Optuna 4.9 TPE|50.4|69.9|86.3
        Optuna 5.0 TPE|66.0|78.6|84.2
        Optuna 3.1 CMA-ES|44.6|71.1|86.4
        Optuna 4.9 GP|78.4|87.3|NaN
        """);

    private ReferenceFigures() {
    }

    /** The reference median-regret table for a budget, or an empty map when the reference has none. */
    public static Map<String, double[]> medianRegret(int budget) {
        return switch (budget) {
            case 100 -> MEDIAN_REGRET_100;
            case 200 -> MEDIAN_REGRET_200;
            default -> Map.of();
        };
    }

    private static Map<String, double[]> table(String rows) {
        Map<String, double[]> out = new LinkedHashMap<>();
        for (String row : rows.strip().split("\n")) {
            String[] cells = row.strip().split("\\|");
            double[] values = new double[cells.length - 1];
            for (int i = 1; i < cells.length; i++) {
                values[i - 1] = Double.parseDouble(cells[i]);
            }
            out.put(cells[0], values);
        }
        return java.util.Collections.unmodifiableMap(out);
    }
}
