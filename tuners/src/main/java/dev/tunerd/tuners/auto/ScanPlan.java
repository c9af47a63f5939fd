package dev.tunerd.tuners.auto;

/**
 * When Auto interrupts the tuner it picked for an {@link IncumbentScan}, how finely, and who goes on after it.
 * Immutable.
 *
 * @param after  final results before the scan starts, at least 1
 * @param strata values tried per numeric parameter, at least 1
 * @param then   the registered name of the tuner that goes on after the scan, given every result so far; null for
 *               the picked tuner itself
 */
public record ScanPlan(int after, int strata, String then) {
    public ScanPlan {
        if (after < 1 || strata < 1) {
            throw new IllegalArgumentException("a scan needs at least one result first and one value per parameter: "
                + after + ", " + strata);
        }
    }

    /** A scan after which the picked tuner goes on. */
    public ScanPlan(int after, int strata) {
        this(after, strata, null);
    }
}
