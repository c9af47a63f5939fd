package dev.tunerd.tuners.chaos;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.tuners.asha.AshaArgs;
import dev.tunerd.tuners.asha.AshaTuner;
import dev.tunerd.tuners.bohb.BohbArgs;
import dev.tunerd.tuners.bohb.BohbTuner;
import dev.tunerd.tuners.hyperband.HyperbandArgs;
import dev.tunerd.tuners.hyperband.HyperbandTuner;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Function;

/**
 * One advisor configuration a hostile manager is run against: its name, whether it owes requests as NNI's serial mode
 * does, and how a fresh instance is made (the same classArgs every time, as a restarted daemon makes it). The classArgs
 * besides the one the configuration is named for are drawn from the stream's seed, so the seeds also cover the rank
 * check off and on, {@code promote_by}, {@code rung_share} and budgets of two and three rungs.
 */
record Advisor(String name, String classArgs, Function<AlgorithmContext, Tuner> make) {

    /** Every parameter type a multi-fidelity advisor takes, continuous ones first (so no two draws coincide). */
    static final JsonObject SPACE = (JsonObject) Json.parse("{\"x\": {\"_type\": \"uniform\", \"_value\": [0, 1]},"
        + " \"lr\": {\"_type\": \"loguniform\", \"_value\": [0.0001, 0.1]},"
        + " \"q\": {\"_type\": \"quniform\", \"_value\": [0, 10, 0.5]},"
        + " \"c\": {\"_type\": \"choice\", \"_value\": [\"a\", \"b\", \"c\"]},"
        + " \"n\": {\"_type\": \"randint\", \"_value\": [1, 6]}}");

    /** The names of the configurations, for parameterized tests. */
    static List<String> names() {
        return List.of("hyperband-parallelism", "hyperband-serial", "bohb-tpe", "bohb-kde", "asha-random", "asha-tpe");
    }

    /** The configuration {@code name} with the other classArgs drawn from {@code seed}. */
    static Advisor of(String name, long seed) {
        SplittableRandom r = new SplittableRandom(seed * 31 + name.hashCode());
        int maxBudget = r.nextBoolean() ? 9 : 27;
        boolean noRankCheck = r.nextInt(3) == 0;
        String mode = r.nextBoolean() ? "maximize" : "minimize";
        double share = r.nextInt(3) == 0 ? 0.5 : 0.0;
        return switch (name) {
            case "hyperband-parallelism", "hyperband-serial" -> {
                String exec = name.endsWith("serial") ? "serial" : "parallelism";
                String promote = r.nextInt(3) == 0 ? "auto" : "value";
                HyperbandArgs a = HyperbandArgs.defaults().withOptimizeMode(mode).withR(maxBudget).withEta(3)
                    .withExecMode(exec).withRankAgreement(noRankCheck ? -1.0 : null).withPromoteBy(promote)
                    .withSeed(seed);
                yield new Advisor(name, "R=" + maxBudget + " exec_mode=" + exec + " optimize_mode=" + mode
                    + (noRankCheck ? " rank_agreement=-1" : "") + " promote_by=" + promote,
                    c -> new HyperbandTuner(a, seed, c));
            }
            case "bohb-tpe", "bohb-kde" -> {
                String sampler = name.substring(5);
                String exec = r.nextInt(3) == 0 ? "serial" : "parallelism";
                BohbArgs a = BohbArgs.builder().minBudget(1).maxBudget(maxBudget).eta(3).optimizeMode(mode)
                    .sampler(sampler).execMode(exec).rankAgreement(noRankCheck ? -1.0 : null).rungShare(share)
                    .minPointsInModel(r.nextBoolean() ? 3 : null).seed(seed).build();
                yield new Advisor(name, "max_budget=" + maxBudget + " sampler=" + sampler + " exec_mode=" + exec
                    + " optimize_mode=" + mode + (noRankCheck ? " rank_agreement=-1" : "") + " rung_share=" + share,
                    c -> new BohbTuner(a, seed, c));
            }
            case "asha-random", "asha-tpe" -> {
                String sampler = name.substring(5);
                AshaArgs a = AshaArgs.builder().minBudget(1).maxBudget(maxBudget).eta(3).optimizeMode(mode)
                    .sampler(sampler).rankAgreement(noRankCheck ? -1.0 : null).rungShare(share).seed(seed).build();
                yield new Advisor(name, "max_budget=" + maxBudget + " sampler=" + sampler + " optimize_mode=" + mode
                    + (noRankCheck ? " rank_agreement=-1" : "") + " rung_share=" + share, c -> new AshaTuner(a, seed));
            }
            default -> throw new IllegalArgumentException("no advisor configuration " + name);
        };
    }

    @Override
    public String toString() {
        return name + " (" + classArgs + ")";
    }
}
