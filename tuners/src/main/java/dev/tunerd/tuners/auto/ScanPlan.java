package dev.tunerd.tuners.auto;

/**
 * When Auto interrupts the tuner it picked for an {@link IncumbentScan}, how finely, and who goes on after it.
 * Immutable.
 *
 * @param after  final results before the scan starts, at least 1
 * @param strata values tried per numeric parameter, at least 1
 * @param then   the registered name of the tuner that goes on after the scan, given every result so far; null for
 *               the picked tuner itself
 * @param early  a check of the first results that can bring the scan forward, or null for none
 */
public record ScanPlan(int after, int strata, String then, EarlyScan early) {
    public ScanPlan {
        if (after < 1 || strata < 1) {
            throw new IllegalArgumentException("a scan needs at least one result first and one value per parameter: "
                + after + ", " + strata);
        }
    }

    /** A scan with no check of the first results. */
    public ScanPlan(int after, int strata, String then) {
        this(after, strata, then, null);
    }

    /** A scan after which the picked tuner goes on, with no check of the first results. */
    public ScanPlan(int after, int strata) {
        this(after, strata, null, null);
    }

    /**
     * This plan with the scan after {@code results} results, of {@code values} values per parameter, and
     * {@code next} going on after it (null: as planned).
     */
    ScanPlan scanAfter(int results, int values, String next) {
        return new ScanPlan(results, values, next == null ? then : next, early);
    }
}
