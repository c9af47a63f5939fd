package dev.tunerd.tuners;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.AssessorProvider;
import dev.tunerd.spi.NoArgs;
import dev.tunerd.spi.TunerProvider;
import dev.tunerd.tuners.batch.BatchTuner;
import dev.tunerd.tuners.grid.GridSearchArgs;
import dev.tunerd.tuners.grid.GridSearchTuner;
import dev.tunerd.tuners.medianstop.MedianstopArgs;
import dev.tunerd.tuners.medianstop.MedianstopAssessor;
import dev.tunerd.tuners.random.RandomArgs;
import dev.tunerd.tuners.random.RandomTuner;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The algorithms are found through ServiceLoader under NNI's names and build from default classArgs. */
class ProvidersTest {

    @Test
    @SuppressWarnings({"rawtypes", "unchecked"})
    void tunersAreRegisteredUnderNnisNames() {
        Map<String, TunerProvider> byName = new TreeMap<>();
        ServiceLoader.load(TunerProvider.class).forEach(p -> byName.put(p.name(), p));
        assertEquals(List.of("ASHA", "Anneal", "Auto", "BOHB", "Batch", "CMAES", "DNGO", "Evolution", "GP", "GridSearch",
            "Hyperband", "Metis", "PBT", "Random", "SMAC", "TPE"),
            List.copyOf(byName.keySet()));
        assertEquals(List.of("BatchTuner"), byName.get("Batch").aliases());
        assertEquals(List.of("GPTuner"), byName.get("GP").aliases());
        assertEquals(List.of("PBTTuner"), byName.get("PBT").aliases());
        assertEquals(List.of("CmaEs"), byName.get("CMAES").aliases());
        assertEquals(List.of("MetisTuner"), byName.get("Metis").aliases());
        assertEquals(List.of("DNGOTuner"), byName.get("DNGO").aliases());
        AlgorithmContext ctx = AlgorithmContext.standalone();
        assertInstanceOf(RandomTuner.class, byName.get("Random").create(ctx, new RandomArgs(null, "maximize")));
        assertInstanceOf(GridSearchTuner.class, byName.get("GridSearch").create(ctx, new GridSearchArgs(null)));
        assertInstanceOf(BatchTuner.class, byName.get("Batch").create(ctx, new NoArgs()));
    }

    @Test
    @SuppressWarnings({"rawtypes", "unchecked"})
    void medianstopIsRegistered() {
        List<AssessorProvider> providers = ServiceLoader.load(AssessorProvider.class).stream()
            .map(ServiceLoader.Provider::get).toList();
        assertEquals(List.of("Medianstop", "SuccessiveHalving", "Curvefitting"),
            providers.stream().map(AssessorProvider::name).toList());
        assertEquals(MedianstopArgs.class, providers.get(0).argsType());
        assertInstanceOf(MedianstopAssessor.class,
            providers.get(0).create(AlgorithmContext.standalone(), new MedianstopArgs(null, null)));
    }
}
