package dev.tunerd.core.dispatch;

import java.util.BitSet;
import java.util.HashSet;
import java.util.Set;
import java.util.TreeSet;

/**
 * A set of parameter ids at one bit per id for the dense range the dispatcher issues from 0 (ids below
 * {@value #DENSE_LIMIT}: at most 2 MiB), and a plain set for any other id a manager may send (a resumed id far above,
 * a negative one). A boxed {@code HashSet<Long>} costs some 50 bytes per id, which added up to megabytes per
 * thousand trials over a long experiment. Not thread-safe ({@link ParameterLedger} guards it).
 */
final class IdFlags {
    static final long DENSE_LIMIT = 1L << 24;

    private final BitSet dense = new BitSet();
    private final Set<Long> sparse = new HashSet<>();

    /** Adds {@code id}; true when it was not there. */
    boolean add(long id) {
        if (id >= 0 && id < DENSE_LIMIT) {
            int i = (int) id;
            boolean had = dense.get(i);
            dense.set(i);
            return !had;
        }
        return sparse.add(id);
    }

    boolean contains(long id) {
        return id >= 0 && id < DENSE_LIMIT ? dense.get((int) id) : sparse.contains(id);
    }

    void clear() {
        dense.clear();
        sparse.clear();
    }

    /** Every id, ascending (for snapshots and tests; allocates). */
    Set<Long> toSet() {
        Set<Long> out = new TreeSet<>(sparse);
        dense.stream().forEach(i -> out.add((long) i));
        return out;
    }
}
