package dev.tunerd.tuners.auto;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.TunerProvider;

/** Registers Auto (matched case-insensitively). Stateless, thread-safe. */
public final class AutoProvider implements TunerProvider<AutoClassArgs> {
    @Override
    public String name() {
        return "Auto";
    }

    @Override
    public String description() {
        return "picks GP (scanning its best point once after 100 results), TPE or CMA-ES from the search space and"
            + " the experiment's budget (maxTrialNumber, trialConcurrency) and says why in dispatcher.log";
    }

    @Override
    public Class<AutoClassArgs> argsType() {
        return AutoClassArgs.class;
    }

    @Override
    public Tuner create(AlgorithmContext context, AutoClassArgs args) {
        return new AutoTuner(context, args);
    }
}
