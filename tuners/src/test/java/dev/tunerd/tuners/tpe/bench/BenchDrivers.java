package dev.tunerd.tuners.tpe.bench;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.tuners.anneal.AnnealClassArgs;
import dev.tunerd.tuners.anneal.AnnealTuner;
import dev.tunerd.tuners.evolution.EvolutionClassArgs;
import dev.tunerd.tuners.evolution.EvolutionTuner;
import dev.tunerd.tuners.tpe.TpeArgs;
import dev.tunerd.tuners.tpe.TpeClassArgs;
import dev.tunerd.tuners.tpe.TpeTuner;
import dev.tunerd.spi.space.ParameterSpec;
import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.tuners.anneal.AnnealSampler;
import dev.tunerd.tuners.tpe.math.Rng;
import dev.tunerd.tuners.tpe.shared.InternalSampler;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/** Registers the Anneal and Evolution kernels with the benchmark. */
final class BenchDrivers {
    private BenchDrivers() {
    }

    static void register(Map<String, BiFunction<List<ParameterSpec>, Long, Driver>> m) {
        m.put("Anneal", (specs, seed) -> sampler(new AnnealSampler(space(specs), new Rng(seed))));
        m.put("Evolution", (specs, seed) -> new TunerDriver(new EvolutionTuner(AlgorithmContext.standalone(),
            new EvolutionClassArgs(OptimizeMode.MINIMIZE, 32, seed)), space(specs)));
        m.put("TPE-tuner", (specs, seed) -> new TunerDriver(new TpeTuner(AlgorithmContext.standalone(),
            new TpeClassArgs(OptimizeMode.MINIMIZE, seed, TpeArgs.defaults())), space(specs)));
        m.put("Anneal-tuner", (specs, seed) -> new TunerDriver(new AnnealTuner(AlgorithmContext.standalone(),
            new AnnealClassArgs(OptimizeMode.MINIMIZE, seed)), space(specs)));
    }

    /** A search space of uniform parameters matching {@code specs}, parsed by the real parser. */
    static SearchSpace space(List<ParameterSpec> specs) {
        JsonObject.Builder b = JsonObject.builder();
        for (ParameterSpec p : specs) {
            b.put(p.name(), JsonObject.builder().put("_type", "uniform").put("_value", p.values()).build());
        }
        return SearchSpace.parse(b.build(), SearchSpace.ALL_TYPES);
    }

    static Driver sampler(InternalSampler s) {
        return new Driver() {
            @Override
            public double[] ask() {
                return s.suggest(List.of());
            }

            @Override
            public void tell(double[] internal, double loss) {
                s.observe(internal, loss);
            }
        };
    }
}
