package dev.tunerd.tuners.auto;

import static dev.tunerd.tuners.auto.AutoTunerTest.FLAT3;
import static dev.tunerd.tuners.auto.AutoTunerTest.LOG3;
import static dev.tunerd.tuners.auto.AutoTunerTest.context;
import static dev.tunerd.tuners.auto.AutoTunerTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.ExperimentBudget;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.tuners.cmaes.CmaesClassArgs;
import dev.tunerd.tuners.cmaes.CmaesTuner;
import dev.tunerd.tuners.gp.GpClassArgs;
import dev.tunerd.tuners.gp.GpTuner;
import dev.tunerd.tuners.metis.MetisClassArgs;
import dev.tunerd.tuners.metis.MetisTuner;
import java.util.List;
import java.util.function.ToDoubleFunction;
import org.junit.jupiter.api.Test;

/** How Auto creates and runs the tuner it picked: that tuner's own suggestions, with the classArgs Auto sets. */
class AutoDelegationTest {
    private static final JsonObject DOUBLE_WELL3 = Json.parseObject("""
        {"x": {"_type": "uniform", "_value": [-5, 5]}, "y": {"_type": "uniform", "_value": [-5, 5]},
         "z": {"_type": "uniform", "_value": [-5, 5]}}""", "s");

    @Test
    void delegatesSoThatItsSuggestionsAreThePickedTunersOwn() throws Exception {
        AutoTuner auto = new AutoTuner(context(ExperimentBudget.of(200, 1)),
            new AutoClassArgs(OptimizeMode.MINIMIZE, 7L));
        MetisTuner metis = new MetisTuner(
            AlgorithmContext.standalone(), new MetisClassArgs(OptimizeMode.MINIMIZE, 7L));
        assertEquals(run(metis, FLAT3, 0, 15), run(auto, FLAT3, 0, 15));
        assertEquals("Metis", auto.choice().algorithm());

        AutoTuner onLogScale = new AutoTuner(context(ExperimentBudget.of(200, 1)),
            new AutoClassArgs(OptimizeMode.MINIMIZE, 7L));
        GpTuner gp = new GpTuner(AlgorithmContext.standalone(), new GpClassArgs(OptimizeMode.MINIMIZE, 7L));
        assertEquals(run(gp, LOG3, 0, 15), run(onLogScale, LOG3, 0, 15));
        assertEquals("GP", onLogScale.choice().algorithm());

        AutoTuner longRun = new AutoTuner(context(ExperimentBudget.of(5000, 1)),
            new AutoClassArgs(OptimizeMode.MINIMIZE, 7L));
        CmaesTuner cma = new CmaesTuner(AlgorithmContext.standalone(), new CmaesClassArgs(OptimizeMode.MINIMIZE, 7L));
        assertEquals(run(cma, FLAT3, 0, 30), run(longRun, FLAT3, 0, 30));
        assertEquals("CMAES", longRun.choice().algorithm());
    }

    /**
     * Auto's Metis takes the additive view's probe every fifth suggestion from 20 results on (sessions 22, 23): its
     * suggestions are those of Metis with {@code wells_every} 5 (not those of Metis at its defaults, which main's
     * Auto gave), and Metis's classArgs as Auto builds them say so, while every other tuner keeps its own defaults.
     */
    @Test
    void autosMetisRunsTheAdditiveViewsProbe() throws Exception {
        AutoTuner auto = new AutoTuner(context(ExperimentBudget.of(100, 1)),
            new AutoClassArgs(OptimizeMode.MINIMIZE, 5L));
        MetisTuner wells = new MetisTuner(
            AlgorithmContext.standalone(), new MetisClassArgs(OptimizeMode.MINIMIZE, null,
                null, null, null, null, null, null, null, AutoPolicy.METIS_WELLS_EVERY, 5L));
        // Styblinski-Tang in 3-D: a deep and a shallow well along each coordinate, which the view tells apart
        ToDoubleFunction<JsonObject> wellsPerCoordinate = p -> {
            double v = 0;
            for (String k : List.of("x", "y", "z")) {
                double x = p.get(k).asDouble();
                v += 0.5 * (x * x * x * x - 16 * x * x + 5 * x);
            }
            return v;
        };
        List<JsonValue> suggested = run(auto, DOUBLE_WELL3, 0, 30, wellsPerCoordinate);
        assertEquals(run(wells, DOUBLE_WELL3, 0, 30, wellsPerCoordinate), suggested);
        assertEquals("Metis", auto.choice().algorithm());
        MetisTuner plain = new MetisTuner(
            AlgorithmContext.standalone(), new MetisClassArgs(OptimizeMode.MINIMIZE, 5L));
        assertNotEquals(run(plain, DOUBLE_WELL3, 0, 30, wellsPerCoordinate), suggested,
            "NNI's rule alone suggests otherwise by 30 trials");
        MetisClassArgs m = DelegateFactory.args(MetisClassArgs.class,
            OptimizeMode.MINIMIZE, 5L, AutoPolicy.delegateArgs("Metis"));
        assertEquals(5, m.wellsEvery());
        assertEquals(0, m.polishEvery(), "the other tunerd keys at Metis's defaults");
        assertTrue(AutoPolicy.delegateArgs("GP").isEmpty(), "the GP at its own defaults");
    }

    /** A delegate's classArgs: optimize_mode and seed set, every other key at the record's default. */
    @Test
    void delegateClassArgsKeepTheRecordsDefaults() {
        MetisClassArgs m = DelegateFactory.args(MetisClassArgs.class,
            OptimizeMode.MINIMIZE, 3L);
        assertEquals(3L, m.seed());
        assertEquals(OptimizeMode.MINIMIZE, m.optimizeMode(), "Metis's own default is maximize");
        assertEquals(10, m.coldStartNum(), "the record's own default");
        assertEquals(0.9, m.explorationProbability(), "the record's own default");
    }
}
