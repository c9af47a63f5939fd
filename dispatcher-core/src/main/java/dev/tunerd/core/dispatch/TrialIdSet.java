package dev.tunerd.core.dispatch;

import java.util.HashSet;
import java.util.Set;

/**
 * A set of trial job ids that costs 8 to 16 bytes per id for the ids managers use (NNI's are 5 letters and digits):
 * an id of at most 8 ASCII characters is packed into one {@code long} (7 bits a character, the length above them) in
 * an open-addressing table of primitives; any other id goes into a plain {@code HashSet}. Ended trials are remembered
 * for the whole experiment (spec 4.6), so a {@code HashSet<String>} (some 90 bytes an id) grew without bound.
 * Not thread-safe ({@link AssessorHistories} guards it).
 */
final class TrialIdSet {
    private static final long PRESENT = 1L << 62; // set in every packed id, so 0 marks an empty slot
    private static final int MAX_PACKED = 8;

    private long[] table = new long[64];
    private int packedCount;
    private final Set<String> others = new HashSet<>();

    /** Adds {@code id}; true when it was not there. */
    boolean add(String id) {
        long packed = pack(id);
        if (packed == 0) {
            return others.add(id);
        }
        if ((packedCount + 1) * 2 > table.length) {
            grow();
        }
        boolean added = insert(table, packed);
        if (added) {
            packedCount++;
        }
        return added;
    }

    boolean contains(String id) {
        long packed = pack(id);
        if (packed == 0) {
            return others.contains(id);
        }
        int mask = table.length - 1;
        for (int i = slot(packed, mask); table[i] != 0; i = (i + 1) & mask) {
            if (table[i] == packed) {
                return true;
            }
        }
        return false;
    }

    int size() {
        return packedCount + others.size();
    }

    /** The id packed into a long, or 0 when it is too long or not ASCII. */
    static long pack(String id) {
        int n = id.length();
        if (n > MAX_PACKED) {
            return 0;
        }
        long v = 0;
        for (int i = 0; i < n; i++) {
            char c = id.charAt(i);
            if (c >= 128) {
                return 0;
            }
            v = (v << 7) | c;
        }
        return PRESENT | ((long) n << 56) | v;
    }

    private static boolean insert(long[] t, long packed) {
        int mask = t.length - 1;
        int i = slot(packed, mask);
        while (t[i] != 0) {
            if (t[i] == packed) {
                return false;
            }
            i = (i + 1) & mask;
        }
        t[i] = packed;
        return true;
    }

    private static int slot(long packed, int mask) {
        long h = packed * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32)) & mask;
    }

    private void grow() {
        long[] bigger = new long[table.length * 2];
        for (long v : table) {
            if (v != 0) {
                insert(bigger, v);
            }
        }
        table = bigger;
    }
}
