package dev.tunerd.tuners.tpe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.TunerProvider;
import dev.tunerd.tuners.anneal.AnnealClassArgs;
import dev.tunerd.tuners.anneal.AnnealTuner;
import dev.tunerd.tuners.evolution.EvolutionClassArgs;
import dev.tunerd.tuners.evolution.EvolutionTuner;
import dev.tunerd.tuners.tpe.kernel.TpeSettings;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** TPE, Anneal and Evolution are found by name, build from defaults, and check their classArgs. */
class ModelProvidersTest {

    @Test
    @SuppressWarnings({"rawtypes", "unchecked"})
    void registeredUnderNnisNamesAndBuildFromDefaults() {
        Map<String, TunerProvider> byName = new TreeMap<>();
        ServiceLoader.load(TunerProvider.class).forEach(p -> byName.put(p.name(), p));
        AlgorithmContext ctx = AlgorithmContext.standalone();
        assertInstanceOf(TpeTuner.class, byName.get("TPE").create(ctx, new TpeClassArgs(null, null, null)));
        assertInstanceOf(AnnealTuner.class, byName.get("Anneal").create(ctx, new AnnealClassArgs(null, null)));
        assertInstanceOf(EvolutionTuner.class,
            byName.get("Evolution").create(ctx, new EvolutionClassArgs(null, null, null)));
    }

    @Test
    void defaultsFollowNniWhereItMattersToUsers() {
        assertEquals(OptimizeMode.MINIMIZE, new TpeClassArgs(null, null, null).optimizeMode());
        assertEquals(OptimizeMode.MINIMIZE, new AnnealClassArgs(null, null).optimizeMode());
        EvolutionClassArgs evo = new EvolutionClassArgs(null, null, null);
        assertEquals(OptimizeMode.MAXIMIZE, evo.optimizeMode());
        assertEquals(32, evo.populationSize());
        TpeArgs t = TpeArgs.defaults();
        // tunerd's default: no liar (NNI's best makes TPE sample around trials in flight), trials in flight kept
        // apart by the diversity rule instead (docs/MODEL_TUNERS.md)
        assertEquals("none", t.constantLiarType());
        assertEquals(TpeSettings.Liar.NONE, t.settings().liar());
        assertEquals(TpeArgs.DIVERSITY, t.settings().diversity());
        assertEquals(TpeSettings.Liar.BEST, new TpeArgs("best", null, null, null, null, null).settings().liar());
        assertEquals(24, t.nEiCandidates());
        assertEquals(25, t.linearForgetting());
        assertEquals(TpeSettings.Liar.NONE, new TpeArgs("none", null, null, null, null, null).settings().liar());
    }

    @Test
    void invalidArgumentsNameTheKey() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> new TpeArgs("median", null, null, null, null, null));
        assertTrue(e.getMessage().contains("constant_liar_type"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new TpeArgs(null, null, 0, null, null, null));
        assertTrue(e.getMessage().contains("n_ei_candidates"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new TpeArgs(null, null, null, null, null, -1.0));
        assertTrue(e.getMessage().contains("gamma"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new EvolutionClassArgs(null, 0, null));
        assertTrue(e.getMessage().contains("population_size"), e.getMessage());
    }
}
