package dev.tunerd.tuners.curvefitting;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.AssessResult;
import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;

/**
 * Our Curvefitting against NNI's own, run on the same curves (test resources {@code curvefitting/curves.jsonl} and
 * {@code curvefitting/golden.jsonl}; how they were recorded is in docs/ALGORITHMS.md). Each golden record is one
 * assessment: a curve's first {@code step} values judged against a best completed value {@code best}, with NNI's
 * decision, its prediction (null when NNI waits for more information) and which families it kept.
 */
class CurvefittingGoldenTest {
    private static final Map<String, Curve> CURVES = new LinkedHashMap<>();
    private static final List<Golden> GOLDEN = new ArrayList<>();

    record Curve(String id, double best, double[] values) {
    }

    record Golden(String id, int step, String decision, Double prediction, List<String> effective) {
    }

    @BeforeAll
    static void load() throws IOException {
        for (String line : lines("curvefitting/curves.jsonl")) {
            JsonObject o = Json.parseObject(line, "curve");
            JsonArray values = (JsonArray) o.get("values");
            double[] v = new double[values.size()];
            for (int i = 0; i < v.length; i++) {
                v[i] = values.get(i).asDouble();
            }
            String id = ((dev.tunerd.spi.json.JsonString) o.get("id")).value();
            CURVES.put(id, new Curve(id, o.get("best").asDouble(), v));
        }
        for (String line : lines("curvefitting/golden.jsonl")) {
            JsonObject o = Json.parseObject(line, "golden");
            JsonValue decision = o.get("decision");
            JsonValue prediction = o.get("prediction");
            List<String> effective = new ArrayList<>();
            for (JsonValue e : ((JsonArray) o.get("effective")).values()) {
                effective.add(((dev.tunerd.spi.json.JsonString) e).value());
            }
            GOLDEN.add(new Golden(((dev.tunerd.spi.json.JsonString) o.get("id")).value(),
                (int) o.get("step").asDouble(),
                decision instanceof dev.tunerd.spi.json.JsonString s ? s.value() : "Good",
                prediction.isNumber() ? prediction.asDouble() : null, effective));
        }
    }

    private static List<String> lines(String resource) throws IOException {
        try (var in = Objects.requireNonNull(CurvefittingGoldenTest.class.getClassLoader().getResourceAsStream(resource),
            resource); var reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            return reader.lines().filter(l -> !l.isBlank()).toList();
        }
    }

    /** The assessor's decision at this record, after one completed trial that ended at {@code best}. */
    private static AssessResult decide(Curve curve, int step) {
        CurvefittingAssessor assessor = new CurvefittingAssessor(new CurvefittingArgs(20, 6, 0.95, 1, null));
        assessor.assessTrial("reference", List.of(JsonFloat.of(curve.best())));
        assessor.trialEnd("reference", true);
        List<JsonValue> history = new ArrayList<>();
        for (int i = 0; i < step; i++) {
            history.add(JsonFloat.of(curve.values()[i]));
        }
        return assessor.assessTrial(curve.id(), history);
    }

    @Test
    void killDecisionsAgreeWithNnisOnTheRecordedCurves() {
        int agree = 0;
        int nniKills = 0;
        List<String> disagreements = new ArrayList<>();
        for (Golden g : GOLDEN) {
            AssessResult ours = decide(CURVES.get(g.id()), g.step());
            boolean nniBad = g.decision().equals("Bad");
            nniKills += nniBad ? 1 : 0;
            if ((ours == AssessResult.BAD) == nniBad) {
                agree++;
            } else {
                disagreements.add(g.id() + "@" + g.step());
            }
        }
        double rate = (double) agree / GOLDEN.size();
        System.out.printf("Curvefitting golden: %d of %d decisions agree (%.2f%%), NNI killed %d; disagreements %s%n",
            agree, GOLDEN.size(), 100 * rate, nniKills, disagreements);
        assertTrue(GOLDEN.size() >= 1000, "golden set too small: " + GOLDEN.size());
        assertTrue(nniKills >= 200, "the golden set must contain kills to be meaningful: " + nniKills);
        assertTrue(rate >= AGREEMENT_FLOOR, "decision agreement " + rate + " below " + AGREEMENT_FLOOR);
    }

    @Test
    void predictionsAndKeptFamiliesAgreeWithNnis() {
        int sameAvailability = 0;
        int bothPredicted = 0;
        int close = 0;
        int sameFamilies = 0;
        for (Golden g : GOLDEN) {
            Curve curve = CURVES.get(g.id());
            double[] prefix = java.util.Arrays.copyOf(curve.values(), g.step());
            CurveEnsemble ensemble = new CurveEnsemble(20, prefix);
            List<CurveEnsemble.FittedCurve> fitted = ensemble.fitAll();
            List<String> kept = ensemble.effectiveCurves(fitted).stream().map(c -> c.family().nniName()).toList();
            sameFamilies += kept.equals(g.effective()) ? 1 : 0;
            var ours = ensemble.predict(fitted, dev.tunerd.tuners.common.Rng.withSeed(g.step()));
            if (ours.isPresent() == (g.prediction() != null)) {
                sameAvailability++;
            }
            if (ours.isPresent() && g.prediction() != null) {
                bothPredicted++;
                if (Math.abs(ours.getAsDouble() - g.prediction()) <= 0.01 * Math.abs(g.prediction())) {
                    close++;
                }
            }
        }
        System.out.printf("Curvefitting golden: same kept families %d of %d, prediction made or withheld alike %d,"
            + " within 1%% %d of %d predicted by both%n", sameFamilies, GOLDEN.size(), sameAvailability, close,
            bothPredicted);
        assertTrue(sameFamilies >= FAMILY_FLOOR * GOLDEN.size(), "kept families agree " + sameFamilies);
        assertTrue(close >= PREDICTION_FLOOR * bothPredicted, "close predictions " + close + " of " + bothPredicted);
    }

    /*
     * Measured on the 1,200 records: 1,196 decisions agree (99.67%), the same kept families in 1,188, a prediction
     * made or withheld alike in 1,198, and within 1% of NNI's in 977 of the 986 that both predict. Each of the four
     * disagreements (c035@6, c092@15, c100@15, c166@6) comes from one family whose fit ends on the other side of
     * MINPACK's evaluation budget (NNI's pow4 fails where ours converges, or the reverse for exp4 and pow3): the last
     * bits of exp/pow differ between numpy and Java, and ill-conditioned 4-parameter fits run for up to 1,000
     * evaluations. A failed fit predicts with the published parameters, so the set of kept families and the mean
     * change. Sampling plays no part: our predictions for these curves vary by under 0.1% across sampler seeds (the
     * Metropolis step of 0.0005 barely moves weights of about 1/k). The floors leave room for a few more such fits
     * on another JVM or CPU, not for a behavioural change.
     */
    private static final double AGREEMENT_FLOOR = 0.99;
    private static final double FAMILY_FLOOR = 0.98;
    private static final double PREDICTION_FLOOR = 0.98;
}
