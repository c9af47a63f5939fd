package dev.tunerd.simulator.problem;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import dev.tunerd.spi.json.JsonValue;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What the twelve learning-curve problems of issue 13 sessions 25 ({@code curves60}, {@code stepdecay},
 * {@code overfit}, {@code noisycurves}), 26 ({@code warmcosine}, {@code unstable}, {@code noisystart},
 * {@code adamsgd}) and 27 ({@code sgdr}, {@code plateau}, {@code labelnoise}, {@code finetune}) share: registered with their horizon, curves fixed by seed and parameters, f* a lower bound of
 * every sampled configuration's true final and near the best of them, and parameters that do not fit refused by name.
 * Each problem's own shape is tested in its own class.
 */
class NewCurveProblemsTest {

    @ParameterizedTest
    @CsvSource({"curves60, 60", "stepdecay, 100", "overfit, 75", "noisycurves, 40", "warmcosine, 50", "unstable, 45",
        "noisystart, 64", "adamsgd, 90", "sgdr, 150", "plateau, 200", "labelnoise, 120", "finetune, 30"})
    void registeredWithTheirHorizonAndThreeOrMoreParameterTypes(String name, int epochs) {
        Problem p = Problems.create(name, 0);
        assertEquals(name, p.name());
        assertEquals(epochs, p.epochs());
        assertTrue(p.description().startsWith(epochs + "-epoch"), p.description());
        assertTrue(Problems.names().contains(name));
        Set<String> types = new HashSet<>();
        for (String key : p.searchSpace().keys()) {
            types.add(((JsonString) ((JsonObject) p.searchSpace().get(key)).get("_type")).value());
        }
        assertTrue(types.size() >= 3 && p.searchSpace().keys().size() <= 5, types.toString());
    }

    @ParameterizedTest
    @CsvSource({"curves60", "stepdecay", "overfit", "noisycurves", "warmcosine", "unstable", "noisystart", "adamsgd",
        "sgdr", "plateau", "labelnoise", "finetune"})
    void sameSeedAndParametersGiveTheSameCurveAndAnotherSeedDoesNot(String name) {
        JsonValue parameters = SpaceSampler.draw(Problems.create(name, 0).searchSpace(), new SplittableRandom(3));
        Trajectory a = Problems.create(name, 7).evaluate(parameters);
        Trajectory b = Problems.create(name, 7).evaluate(parameters);
        Trajectory other = Problems.create(name, 8).evaluate(parameters);
        assertArrayEquals(a.perEpoch(), b.perEpoch());
        assertFalse(Arrays.equals(a.perEpoch(), other.perEpoch()));
        assertEquals(a.trueFinal(), other.trueFinal(), 0, "the noise-free final does not depend on the seed");
    }

    @ParameterizedTest
    @CsvSource({"curves60", "stepdecay", "overfit", "noisycurves", "warmcosine", "unstable", "noisystart", "adamsgd",
        "sgdr", "plateau", "labelnoise", "finetune"})
    void theOptimumIsBelowEverySampledTrueFinalAndNearTheBestOfThem(String name) {
        Problem p = Problems.create(name, 0);
        SplittableRandom r = new SplittableRandom(11);
        double bestSampled = Double.POSITIVE_INFINITY;
        for (int i = 0; i < 3000; i++) {
            JsonValue parameters = SpaceSampler.draw(p.searchSpace(), r);
            double trueFinal = p.evaluate(parameters).trueFinal();
            assertTrue(trueFinal >= p.optimum() - 1e-12, name + ": " + trueFinal + " below f* " + p.optimum()
                + " at " + parameters);
            bestSampled = Math.min(bestSampled, trueFinal);
        }
        assertTrue(p.optimum() > 0 && bestSampled - p.optimum() < 0.01,
            name + ": f* " + p.optimum() + ", best of 3000 samples " + bestSampled);
    }

    @ParameterizedTest
    @CsvSource({"curves60, lr", "stepdecay, momentum", "overfit, width", "noisycurves, optimizer", "warmcosine, warmup",
        "unstable, grad_clip", "noisystart, dropout", "adamsgd, optimizer", "sgdr, t_0", "plateau, norm",
        "labelnoise, label_smoothing", "finetune, warmup_ratio"})
    void aMissingOrMistypedParameterIsNamed(String name, String key) {
        Problem p = Problems.create(name, 0);
        JsonObject good = (JsonObject) SpaceSampler.draw(p.searchSpace(), new SplittableRandom(1));
        Map<String, JsonValue> members = new LinkedHashMap<>(good.members());
        members.remove(key);
        JsonObject without = JsonObject.of(members);
        var e = assertThrows(IllegalArgumentException.class, () -> p.evaluate(without));
        assertTrue(e.getMessage().contains("\"" + key + "\" is missing"), e.getMessage());
        members.put(key, JsonObject.EMPTY);
        JsonObject mistyped = JsonObject.of(members);
        e = assertThrows(IllegalArgumentException.class, () -> p.evaluate(mistyped));
        assertTrue(e.getMessage().startsWith("parameter \"" + key + "\" must be a"), e.getMessage());
        var notObject = assertThrows(IllegalArgumentException.class, () -> p.evaluate(Json.parse("[1, 2]")));
        assertTrue(notObject.getMessage().startsWith(name + " parameters must be a JSON object"),
            notObject.getMessage());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "curves60 | {\"lr\": -0.01, \"batch_size\": 64, \"augment\": 0.5, \"weight_decay\": 0.0001} | \"lr\"",
        "curves60 | {\"lr\": 0.01, \"batch_size\": 64, \"augment\": 1.5, \"weight_decay\": 0.0001} | \"augment\"",
        "stepdecay | {\"lr\": 0.1, \"momentum\": 1.0, \"weight_decay\": 0.0001, \"batch_size\": 128} | \"momentum\"",
        "stepdecay | {\"lr\": 0.1, \"momentum\": 0.9, \"weight_decay\": 0, \"batch_size\": 128} | \"weight_decay\"",
        "overfit | {\"lr\": 0.001, \"width\": 256, \"dropout\": 1.0, \"l2\": 0.0001} | \"dropout\"",
        "overfit | {\"lr\": 0.001, \"width\": 0, \"dropout\": 0.1, \"l2\": 0.0001} | \"width\"",
        "noisycurves | {\"lr\": 0.001, \"optimizer\": \"lbfgs\", \"depth\": 3, \"label_smoothing\": 0.1} | \"optimizer\"",
        "noisycurves | {\"lr\": 0.001, \"optimizer\": \"adam\", \"depth\": 0, \"label_smoothing\": 0.1} | \"depth\"",
        "warmcosine | {\"lr\": 0, \"warmup\": 2, \"weight_decay\": 0.0005, \"batch_size\": 128} | \"lr\"",
        "warmcosine | {\"lr\": 0.1, \"warmup\": -1, \"weight_decay\": 0.0005, \"batch_size\": 128} | \"warmup\"",
        "warmcosine | {\"lr\": 0.1, \"warmup\": 50, \"weight_decay\": 0.0005, \"batch_size\": 128} | \"warmup\"",
        "warmcosine | {\"lr\": 0.1, \"warmup\": 2, \"weight_decay\": -0.1, \"batch_size\": 128} | \"weight_decay\"",
        "unstable | {\"lr\": 0.001, \"batch_size\": 64, \"grad_clip\": \"value\", \"dropout\": 0.1} | \"grad_clip\"",
        "unstable | {\"lr\": 0.001, \"batch_size\": -64, \"grad_clip\": \"none\", \"dropout\": 0.1} | \"batch_size\"",
        "unstable | {\"lr\": 0.001, \"batch_size\": 64, \"grad_clip\": \"none\", \"dropout\": 1.2} | \"dropout\"",
        "noisystart | {\"lr\": 0.001, \"width\": 0, \"dropout\": 0.1, \"batch_size\": 64} | \"width\"",
        "noisystart | {\"lr\": 0.001, \"width\": 256, \"dropout\": -0.1, \"batch_size\": 64} | \"dropout\"",
        "adamsgd | {\"optimizer\": \"rms\", \"lr\": 0.001, \"weight_decay\": 0.001, \"momentum\": 0.9} | \"optimizer\"",
        "adamsgd | {\"optimizer\": \"sgd\", \"lr\": 0.1, \"weight_decay\": 0.0001, \"momentum\": 1.0} | \"momentum\"",
        "adamsgd | {\"optimizer\": \"sgd\", \"lr\": -0.1, \"weight_decay\": 0.0001, \"momentum\": 0.9} | \"lr\"",
        "sgdr | {\"lr\": 0.1, \"momentum\": 0.9, \"t_0\": 2.5, \"t_mult\": 1, \"weight_decay\": 0.0001} | \"t_0\"",
        "sgdr | {\"lr\": 0.1, \"momentum\": 0.9, \"t_0\": 10, \"t_mult\": 0, \"weight_decay\": 0.0001} | \"t_mult\"",
        "sgdr | {\"lr\": 0.1, \"momentum\": 1.0, \"t_0\": 10, \"t_mult\": 2, \"weight_decay\": 0.0001} | \"momentum\"",
        "plateau | {\"lr\": 0.001, \"weight_decay\": 0.1, \"depth\": 4, \"norm\": \"batch\", \"dropout\": 0.1} | \"norm\"",
        "plateau | {\"lr\": 0.001, \"weight_decay\": 0, \"depth\": 4, \"norm\": \"layer\", \"dropout\": 0.1} | \"weight_decay\"",
        "plateau | {\"lr\": 0.001, \"weight_decay\": 0.1, \"depth\": 0, \"norm\": \"layer\", \"dropout\": 0.1} | \"depth\"",
        "labelnoise | {\"lr\": 0.01, \"width\": 128, \"weight_decay\": 0.001, \"label_smoothing\": 0.5} | \"label_smoothing\"",
        "labelnoise | {\"lr\": 0.01, \"width\": -128, \"weight_decay\": 0.001, \"label_smoothing\": 0.1} | \"width\"",
        "finetune | {\"lr\": 0.00002, \"batch_size\": 16, \"warmup_ratio\": 0.6, \"weight_decay\": 0.01} | \"warmup_ratio\"",
        "finetune | {\"lr\": 0.00002, \"batch_size\": 16, \"warmup_ratio\": 0.1, \"weight_decay\": -0.01} | \"weight_decay\"",
        "finetune | {\"lr\": 0, \"batch_size\": 16, \"warmup_ratio\": 0.1, \"weight_decay\": 0.01} | \"lr\"",
    })
    void valuesOutsideTheModelAreRefusedNamingTheParameter(String name, String parameters, String key) {
        var e = assertThrows(IllegalArgumentException.class,
            () -> Problems.create(name, 0).evaluate(Json.parse(parameters)));
        assertTrue(e.getMessage().contains(key), e.getMessage());
    }
}
