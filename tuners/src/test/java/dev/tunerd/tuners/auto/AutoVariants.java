package dev.tunerd.tuners.auto;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.Tuner;

/** Auto with its model check varied, for the benches (not a unit test). */
public final class AutoVariants {
    private AutoVariants() {
    }

    /**
     * Auto whose model check, where the policy plans one, is made after {@code after} results with {@code floor};
     * {@code after} 0: no check (Auto as before the check existed); {@code until}: when the picked tuner takes the run
     * back (0: after the scan).
     */
    public static Tuner withCheck(AlgorithmContext context, AutoClassArgs args, int after, double floor, int until) {
        return new AutoTuner(context, args, planned -> planned == null || after == 0 ? null
            : new ModelCheck(after, floor, planned.fallback(), until));
    }
}
