package dev.tunerd.tuners.tpe.bench;

import dev.tunerd.spi.json.JsonObject;
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
