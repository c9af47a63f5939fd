package dev.tunerd.tuners.curvefitting;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.Assessor;
import dev.tunerd.spi.AssessorProvider;

/** Registers {@link CurvefittingAssessor} under NNI's name {@code Curvefitting}. Stateless and thread-safe. */
public final class CurvefittingProvider implements AssessorProvider<CurvefittingArgs> {

    @Override
    public String name() {
        return "Curvefitting";
    }

    @Override
    public String description() {
        return "learning-curve extrapolation (NNI's 12 curve families, MCMC weights): stops a trial predicted below"
            + " threshold x the best final value";
    }

    @Override
    public Class<CurvefittingArgs> argsType() {
        return CurvefittingArgs.class;
    }

    @Override
    public Assessor create(AlgorithmContext context, CurvefittingArgs args) {
        CurvefittingWarmup.startOnce();
        return new CurvefittingAssessor(args);
    }
}
