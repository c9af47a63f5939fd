package dev.tunerd.tuners.successivehalving;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.Assessor;
import dev.tunerd.spi.AssessorProvider;

/** Registers {@link SuccessiveHalvingAssessor} as {@code SuccessiveHalving}. Stateless and thread-safe. */
public final class SuccessiveHalvingProvider implements AssessorProvider<SuccessiveHalvingArgs> {

    @Override
    public String name() {
        return "SuccessiveHalving";
    }

    @Override
    public String description() {
        return "asynchronous successive halving: stop a trial not in the top 1/eta at steps min_step*eta^k"
            + " (classArgs: optimize_mode=maximize, min_step=1, eta=3, max_step, rank_agreement=0.7,"
            + " rank_by=rescue, seed)";
    }

    @Override
    public Class<SuccessiveHalvingArgs> argsType() {
        return SuccessiveHalvingArgs.class;
    }

    @Override
    public Assessor create(AlgorithmContext context, SuccessiveHalvingArgs args) {
        return new SuccessiveHalvingAssessor(args);
    }
}
