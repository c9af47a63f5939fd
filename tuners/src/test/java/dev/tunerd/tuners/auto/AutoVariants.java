package dev.tunerd.tuners.auto;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.Tuner;

/** Auto with its check of the first results varied, for the benches (not a unit test). */
public final class AutoVariants {
    private AutoVariants() {
    }

    /** Auto whose check of the first results, where the policy plans one, is {@code early} (null: none). */
    public static Tuner withEarlyScan(AlgorithmContext context, AutoClassArgs args, EarlyScan early) {
        return new AutoTuner(context, args, planned -> early);
    }

    /** Whether {@code auto}'s check has brought its scan forward from the policy's {@link AutoPolicy#SCAN_AFTER}. */
    public static boolean scanBroughtForward(Tuner auto) {
        ScanPlan plan = ((AutoTuner) auto).plan();
        return plan != null && plan.after() < AutoPolicy.SCAN_AFTER;
    }
}
