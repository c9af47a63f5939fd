package dev.tunerd.tuners.medianstop;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.Assessor;
import dev.tunerd.spi.AssessorProvider;

/** Registers {@link MedianstopAssessor} under NNI's name {@code Medianstop}. Stateless and thread-safe. */
public final class MedianstopProvider implements AssessorProvider<MedianstopArgs> {

    @Override
    public String name() {
        return "Medianstop";
    }

    @Override
    public String description() {
        return "median stopping rule (classArgs: optimize_mode=maximize, start_step=0; 5 recommended)";
    }

    @Override
    public Class<MedianstopArgs> argsType() {
        return MedianstopArgs.class;
    }

    @Override
    public Assessor create(AlgorithmContext context, MedianstopArgs args) {
        return new MedianstopAssessor(args.mode(), args.startStep());
    }
}
