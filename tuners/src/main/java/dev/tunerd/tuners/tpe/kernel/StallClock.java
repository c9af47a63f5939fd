package dev.tunerd.tuners.tpe.kernel;

/**
 * When a run's best loss last improved, for the stall tests of {@link ExplorationFloor} and {@link ModelProbe}: after
 * how many completed results (all of them, and the run's own only). With a {@link ExplorationFloor#tolerance} an
 * improvement counts only when the loss falls below the loss of the last counted improvement by more than the
 * tolerance times the spread of the run's first {@link ExplorationFloor#SCALE_ROWS} finite results of its own
 * suggestions (imports, a warm start's history, are not the run's search); until that many are in, every lower loss
 * counts. With tolerance 0 every lower loss counts. A function of the results in the order received, so a replay
 * rebuilds it. Not thread-safe.
 */
final class StallClock {
    private final double tolerance;
    /**
     * The loss of the last improvement that counted. Every improvement counts until the scale is known (margin 0),
     * and the margin is fixed from then on, so a loss below this by the margin is always a new best as well: the best
     * loss itself need not be kept.
     */
    private double markLoss = Double.POSITIVE_INFINITY;
    private double lowest = Double.POSITIVE_INFINITY;
    private double highest = Double.NEGATIVE_INFINITY;
    private int finite;
    private int observed;
    private int own;
    private int bestAt;
    private int ownBestAt;

    StallClock(double tolerance) {
        this.tolerance = tolerance;
    }

    /** Records a result ({@code +inf} for a failed one); {@code mine}: the run's own suggestion, not an import. */
    void record(double loss, boolean mine) {
        if (mine) {
            own++;
        }
        if (loss < markLoss - margin()) {
            markLoss = loss;
            bestAt = observed + 1;
            ownBestAt = own;
        }
        if (mine && Double.isFinite(loss) && finite < ExplorationFloor.SCALE_ROWS) {
            finite++;
            lowest = Math.min(lowest, loss);
            highest = Math.max(highest, loss);
        }
        observed++;
    }

    private double margin() {
        return tolerance > 0 && finite >= ExplorationFloor.SCALE_ROWS ? tolerance * (highest - lowest) : 0;
    }

    /** Completed results, imported and own. */
    int observed() {
        return observed;
    }

    /** Completed results when the best last improved (counted), of all results. */
    int bestAt() {
        return bestAt;
    }

    /** The run's own completed results when the best last improved (counted). */
    int ownBestAt() {
        return ownBestAt;
    }

    /** The run's own completed results. */
    int own() {
        return own;
    }
}
