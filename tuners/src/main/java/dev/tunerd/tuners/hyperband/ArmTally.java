package dev.tunerd.tuners.hyperband;

import dev.tunerd.tuners.hyperband.SpendRace.Arm;
import dev.tunerd.tuners.hyperband.SpendRace.Result;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One arm of {@link SpendRace} as its brackets are walked in start order ({@link SpendRace#fold}): committed epochs,
 * epochs in, whether the prefix of brackets in is still unbroken, and the results stamped with the arm's committed
 * epochs. Stamps never fall along the walk, so {@link #bestWithin} is a binary search in the running bests (the best
 * of each prefix, by the rule of {@link Arm#bestWithin}: the first of equal values) instead of a scan of every result.
 * A {@link #mark} and {@link #rollBack} let a reader add the brackets that may still change and take them out again
 * ({@link RaceLedger}). Not thread-safe.
 */
final class ArmTally implements SpendRace.Spends {
    long committed;
    long in;
    boolean prefix = true;
    private long[] stamps = new long[16];
    private double[] losses = new double[16];
    /** {@code bests[i]}: the best of {@code losses[0..i]}. */
    private double[] bests = new double[16];
    private int size;

    /** The tally's scalars and its number of results at a point of the walk. */
    record Mark(long committed, long in, boolean prefix, int size) {
    }

    /** A result stamped {@code stamp}, at least every stamp added before. */
    void add(long stamp, double loss) {
        if (size > 0 && stamp < stamps[size - 1]) {
            throw new IllegalStateException("a race result stamped " + stamp + " after one stamped "
                + stamps[size - 1]);
        }
        if (size == stamps.length) {
            stamps = Arrays.copyOf(stamps, 2 * size);
            losses = Arrays.copyOf(losses, 2 * size);
            bests = Arrays.copyOf(bests, 2 * size);
        }
        stamps[size] = stamp;
        losses[size] = loss;
        bests[size] = size == 0 || !(loss >= bests[size - 1]) ? loss : bests[size - 1];
        size++;
    }

    @Override
    public long committed() {
        return committed;
    }

    @Override
    public long in() {
        return in;
    }

    @Override
    public double bestWithin(long spend) {
        int lo = 0;
        int hi = size;
        while (lo < hi) { // the first result stamped above spend
            int mid = (lo + hi) >>> 1;
            if (stamps[mid] <= spend) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo == 0 ? Double.NaN : bests[lo - 1];
    }

    Mark mark() {
        return new Mark(committed, in, prefix, size);
    }

    /** Back to {@code mark}: what was added since is gone. */
    void rollBack(Mark mark) {
        committed = mark.committed();
        in = mark.in();
        prefix = mark.prefix();
        size = mark.size();
    }

    /** The arm as {@link SpendRace.Arm}, every result listed ({@link RaceOutlook} reads them all). */
    Arm arm() {
        List<Result> results = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            results.add(new Result(stamps[i], losses[i]));
        }
        return new Arm(committed, in, results);
    }
}
