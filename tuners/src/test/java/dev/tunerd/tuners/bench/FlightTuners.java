package dev.tunerd.tuners.bench;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.Tuner;
import dev.tunerd.tuners.anneal.AnnealClassArgs;
import dev.tunerd.tuners.anneal.AnnealTuner;
import dev.tunerd.tuners.random.RandomTuner;
import dev.tunerd.tuners.tpe.TpeArgs;
import dev.tunerd.tuners.tpe.TpeClassArgs;
import dev.tunerd.tuners.tpe.TpeTuner;
import java.util.function.LongFunction;

/**
 * Whole tuners by name, built as the daemon builds them for {@code tunerd bench quality} (minimise, the run's
 * seed): {@code Random}, {@code TPE}, {@code Anneal}; {@code TPE-<liar>} sets {@code constant_liar_type}.
 */
final class FlightTuners {
    private FlightTuners() {
    }

    static LongFunction<Tuner> named(String name) {
        if (name.equals("Random")) {
            return RandomTuner::new;
        }
        if (name.equals("TPE")) {
            return seed -> new TpeTuner(AlgorithmContext.standalone(), new TpeClassArgs(OptimizeMode.MINIMIZE, seed,
                TpeArgs.defaults()));
        }
        if (name.startsWith("TPE-")) {
            String liar = name.substring(4);
            return seed -> new TpeTuner(AlgorithmContext.standalone(), new TpeClassArgs(OptimizeMode.MINIMIZE, seed,
                new TpeArgs(liar, null, null, null, null, null)));
        }
        if (name.equals("Anneal")) {
            return seed -> new AnnealTuner(AlgorithmContext.standalone(), new AnnealClassArgs(OptimizeMode.MINIMIZE,
                seed));
        }
        throw new IllegalArgumentException("unknown tuner " + name + "; known: Random, TPE, TPE-<liar>, Anneal");
    }
}
