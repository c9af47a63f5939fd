package dev.tunerd.tuners.bench;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.ImportedTrial;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.tuners.cmaes.CmaesClassArgs;
import dev.tunerd.tuners.cmaes.CmaesTuner;
import dev.tunerd.tuners.gp.GpClassArgs;
import dev.tunerd.tuners.gp.GpTuner;
import dev.tunerd.tuners.metis.MetisClassArgs;
import dev.tunerd.tuners.metis.MetisTuner;
import dev.tunerd.tuners.smac.SmacClassArgs;
import dev.tunerd.tuners.smac.SmacTuner;
import dev.tunerd.tuners.tpe.TpeArgs;
import dev.tunerd.tuners.tpe.TpeClassArgs;
import dev.tunerd.tuners.tpe.TpeTuner;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A two-tuner portfolio for the benchmark (issue 15, session 21: an Auto that needs no new behaviour of either
 * tuner): the first tuner for {@code at} suggestions, then the second, created then and given every result so far
 * as imported data, for the rest of the run. Sequential, as {@link TunerDriver}.
 */
final class HandoverDriver implements Driver {
    private final SearchSpace space;
    private final String second;
    private final long seed;
    private final int at;
    private final List<ImportedTrial> history = new ArrayList<>();
    private Driver current;
    private JsonObject lastParameters;
    private Tuner firstTuner;

    HandoverDriver(SearchSpace space, String first, String second, int at, long seed) {
        this.space = space;
        this.second = second;
        this.seed = seed;
        this.at = at;
        this.firstTuner = tuner(first, seed);
        this.current = new TunerDriver(firstTuner, space);
    }

    /** The builtins the portfolio can use, at their defaults, minimising. */
    static Tuner tuner(String name, long seed) {
        AlgorithmContext c = AlgorithmContext.standalone();
        return switch (name) {
            case "Metis" -> new MetisTuner(c, new MetisClassArgs(OptimizeMode.MINIMIZE, seed));
            case "GP" -> new GpTuner(c, new GpClassArgs(OptimizeMode.MINIMIZE, seed));
            case "CMAES" -> new CmaesTuner(c, new CmaesClassArgs(OptimizeMode.MINIMIZE, seed));
            case "TPE-tuner" -> new TpeTuner(c, new TpeClassArgs(OptimizeMode.MINIMIZE, seed, TpeArgs.defaults()));
            case "SMAC" -> new SmacTuner(c, new SmacClassArgs(OptimizeMode.MINIMIZE, null, seed));
            default -> throw new IllegalArgumentException("no portfolio tuner " + name);
        };
    }

    @Override
    public double[] ask() {
        if (firstTuner != null && history.size() >= at) {
            firstTuner.close();
            firstTuner = null;
            Tuner next = tuner(second, seed);
            current = new TunerDriver(next, space);
            next.importData(List.copyOf(history));
        }
        double[] internal = current.ask();
        lastParameters = space.format(internal);
        return internal;
    }

    @Override
    public void tell(double[] internal, double loss) {
        current.tell(internal, loss);
        history.add(new ImportedTrial(lastParameters, JsonFloat.of(loss), Optional.empty()));
    }
}
