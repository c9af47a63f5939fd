package dev.tunerd.tuners.auto;

/**
 * When Auto interrupts the tuner it picked for an {@link IncumbentScan}, and how finely. Immutable.
 *
 * @param after  final results before the scan starts, at least 1
 * @param strata values tried per numeric parameter, at least 1
 */
public record ScanPlan(int after, int strata) {
    public ScanPlan {
        if (after < 1 || strata < 1) {
            throw new IllegalArgumentException("a scan needs at least one result first and one value per parameter: "
                + after + ", " + strata);
        }
    }
}
