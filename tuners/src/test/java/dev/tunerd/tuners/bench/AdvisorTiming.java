package dev.tunerd.tuners.bench;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.tuners.asha.AshaArgs;
import dev.tunerd.tuners.asha.AshaTuner;
import dev.tunerd.tuners.bohb.BohbArgs;
import dev.tunerd.tuners.bohb.BohbTuner;
import dev.tunerd.tuners.hyperband.HyperbandArgs;
import dev.tunerd.tuners.hyperband.HyperbandTuner;
import java.util.List;
import java.util.Optional;

/**
 * Ad-hoc timing of one advisor decision (one TR) after 1,000 finished trials, in process (the targets: under
 * 1 ms for Hyperband and ASHA, under 5 ms for BOHB). Run: {@code java -cp <classes> dev.tunerd.tuners.bench.AdvisorTiming}.
 */
public final class AdvisorTiming {
    private static final JsonObject SPACE = (JsonObject) dev.tunerd.protocol.json.Json.parse("{\"lr\": {\"_type\":"
        + " \"loguniform\", \"_value\": [0.0001, 1]}, \"d\": {\"_type\": \"uniform\", \"_value\": [0, 0.6]}, \"b\":"
        + " {\"_type\": \"choice\", \"_value\": [16, 32, 64, 128]}, \"w\": {\"_type\": \"randint\", \"_value\": [0, 6]}}");

    private AdvisorTiming() {
    }

    public static void main(String[] args) {
        AlgorithmContext ctx = new AlgorithmContext((id, p) -> { }, Optional.empty(), java.time.Clock.systemUTC());
        time("Hyperband", new HyperbandTuner(HyperbandArgs.defaults().withOptimizeMode("minimize").withR(81).withEta(3)
            .withSeed(1L), 1L, ctx));
        time("ASHA(random)", new AshaTuner(AshaArgs.builder().minBudget(1).maxBudget(81).eta(3).optimizeMode("minimize")
            .sampler("random").rankAgreement(-1.0).seed(1L).build(), 1L));
        time("ASHA(tpe)", new AshaTuner(AshaArgs.builder().minBudget(1).maxBudget(81).eta(3).optimizeMode("minimize")
            .sampler("tpe").rankAgreement(-1.0).seed(1L).build(), 1L));
        time("BOHB", new BohbTuner(BohbArgs.builder().optimizeMode("minimize").minBudget(1).maxBudget(81).eta(3)
            .seed(1L).build(), 1L, ctx));
    }

    private static void time(String name, Tuner t) {
        t.updateSearchSpace(SPACE);
        SearchSpace space = SearchSpace.parse(SPACE, SearchSpace.ALL_TYPES);
        long id = 0;
        for (; id < 1000; id++) {
            JsonValue p = t.generateMultipleParameters(List.of(id)).get(0);
            double v = ((JsonObject) p).get("d").asDouble() + Math.abs(Math.log10(((JsonObject) p).get("lr").asDouble()) + 2);
            t.receiveTrialResult(new TrialResult(id, p, JsonFloat.of(v), false, Optional.empty()));
            t.trialEnd(id, true);
        }
        int n = 2000;
        long start = System.nanoTime();
        for (int i = 0; i < n; i++, id++) {
            JsonValue p = t.generateMultipleParameters(List.of(id)).get(0);
            t.receiveTrialResult(new TrialResult(id, p, JsonFloat.of(1.0), false, Optional.empty()));
            t.trialEnd(id, true);
        }
        double ms = (System.nanoTime() - start) / 1e6 / n;
        System.out.printf("%s: %.3f ms per decision (TR + result + end) after 1,000 trials, %d decisions, space %d%n",
            name, ms, n, space.size());
    }
}
