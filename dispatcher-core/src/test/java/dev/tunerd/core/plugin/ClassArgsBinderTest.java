package dev.tunerd.core.plugin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.core.config.ConfigurationException;
import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.NoArgs;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ClassArgsBinderTest {

    /** Nested args as TPE has them. */
    public record Inner(Integer nStartupJobs, Double gamma) {
        public Inner {
            nStartupJobs = nStartupJobs == null ? 20 : nStartupJobs;
            gamma = gamma == null ? 0.25 : gamma;
            if (gamma <= 0 || gamma >= 1) {
                throw new IllegalArgumentException("tpe_args.gamma must be in (0, 1), got " + gamma);
            }
        }
    }

    /** A typical args record. */
    public record Args(OptimizeMode optimizeMode, Long seed, Inner tpeArgs, Double priorWeight) {
        public Args {
            optimizeMode = optimizeMode == null ? OptimizeMode.MINIMIZE : optimizeMode;
            priorWeight = priorWeight == null ? 1.0 : priorWeight;
            tpeArgs = tpeArgs == null ? new Inner(null, null) : tpeArgs;
        }
    }

    private final ClassArgsBinder binder = new ClassArgsBinder();

    private Args bind(String json) {
        return binder.bind("TPE", (JsonObject) Json.parse(json), Args.class);
    }

    @Test
    void snakeCaseKeysBindToComponentsAndDefaultsApply() {
        Args a = bind("{\"optimize_mode\": \"maximize\", \"seed\": 7, \"tpe_args\": {\"n_startup_jobs\": 5,"
            + " \"gamma\": 0.5}, \"prior_weight\": 2}");
        assertEquals(new Args(OptimizeMode.MAXIMIZE, 7L, new Inner(5, 0.5), 2.0), a);
        assertEquals(new Args(OptimizeMode.MINIMIZE, null, new Inner(20, 0.25), 1.0), bind("{}"));
    }

    @Test
    void defaultsAreShownAsClassArgs() {
        assertEquals("{\"optimize_mode\":\"minimize\",\"seed\":null,\"tpe_args\":{\"n_startup_jobs\":20,\"gamma\":0.25},"
            + "\"prior_weight\":1.0}",
            binder.describe(bind("{}")));
    }

    @Test
    void unknownKeysListWhatIsAccepted() {
        var e = assertThrows(ConfigurationException.class, () -> bind("{\"optimise_mode\": \"maximize\"}"));
        assertEquals("classArgs of TPE: unknown key \"optimise_mode\"; accepted keys: optimize_mode, prior_weight, seed, tpe_args",
            e.getMessage());
        var none = assertThrows(ConfigurationException.class,
            () -> binder.bind("GridSearch", (JsonObject) Json.parse("{\"x\": 1}"), NoArgs.class));
        assertTrue(none.getMessage().contains("unknown key \"x\""), none.getMessage());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "{\"seed\": \"7\"}|seed",
        "{\"seed\": 7.5}|seed",
        "{\"optimize_mode\": \"Maximize\"}|optimize_mode",
        "{\"optimize_mode\": 1}|optimize_mode",
        "{\"tpe_args\": {\"n_startup_jobs\": 2.0}}|tpe_args.n_startup_jobs",
        "{\"tpe_args\": {\"gamma\": 2}}|tpe_args.gamma must be in (0, 1)",
    })
    void wrongTypesAndRangesAreRejectedNamingTheKey(String json, String expected) {
        var e = assertThrows(ConfigurationException.class, () -> bind(json));
        assertTrue(e.getMessage().startsWith("classArgs of TPE: ") && e.getMessage().contains(expected), e.getMessage());
    }

    /** Every other supported component type. */
    record Others(int count, double rate, boolean flag, Float ratio, String name, List<Integer> sizes,
                  List<Inner> inners, JsonValue extra, JsonObject options) {
    }

    private Others others(String json) {
        return binder.bind("X", (JsonObject) Json.parse(json), Others.class);
    }

    @Test
    void primitivesListsAndFreeJsonBind() {
        Others o = others("{\"count\": 3, \"rate\": 2, \"flag\": true, \"ratio\": 0.5, \"name\": \"a\","
            + " \"sizes\": [1, 2], \"inners\": [{\"gamma\": 0.5}], \"extra\": [1, 2.5, {\"a\": null}],"
            + " \"options\": {\"b\": 1}}");
        assertEquals(new Others(3, 2.0, true, 0.5f, "a", List.of(1, 2), List.of(new Inner(20, 0.5)),
            Json.parse("[1, 2.5, {\"a\": null}]"), (JsonObject) Json.parse("{\"b\": 1}")), o);
        assertEquals(new Others(0, 0.0, false, null, null, null, null, null, null), others("{\"name\": null}"),
            "absent primitives are 0/false, null boxes stay null");
        assertEquals("{\"count\":3,\"rate\":2.0,\"flag\":true,\"ratio\":0.5,\"name\":\"a\\\"b\",\"sizes\":[1,2],"
            + "\"inners\":[{\"n_startup_jobs\":20,\"gamma\":0.5}],\"extra\":[1, 2.5],\"options\":null}",
            binder.describe(new Others(3, 2, true, 0.5f, "a\"b", List.of(1, 2), List.of(new Inner(null, 0.5)),
                Json.parse("[1, 2.5]"), null)));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "{\"count\": null}|key \"count\": null is not allowed for a int",
        "{\"count\": 3000000000}|key \"count\": integer 3000000000 is out of the range of an int",
        "{\"flag\": 1}|key \"flag\": expected true or false, got int 1",
        "{\"name\": 1}|key \"name\": expected a string, got int 1",
        "{\"rate\": \"1\"}|key \"rate\": expected a number, got str \"1\"",
        "{\"sizes\": [1, 2.5]}|key \"sizes[1]\": expected an integer, got float 2.5",
        "{\"sizes\": 1}|key \"sizes\": expected a list, got int 1",
        "{\"inners\": [{\"gama\": 1}]}|unknown key \"inners[0].gama\"; accepted keys: gamma, n_startup_jobs",
        "{\"options\": [1]}|key \"options\": expected JsonObject, got list [1]",
    })
    void otherTypesAreStrictToo(String json, String expected) {
        var e = assertThrows(ConfigurationException.class, () -> others(json));
        assertEquals("classArgs of X: " + expected, e.getMessage());
    }

    @ParameterizedTest
    @CsvSource({"optimizeMode,optimize_mode", "nEiCandidates,n_ei_candidates", "seed,seed", "xMLParser,x_mlparser",
        "_private,private"})
    void keysAreJacksonsSnakeCase(String component, String key) {
        assertEquals(key, ClassArgsBinder.snakeCase(component));
    }
}
