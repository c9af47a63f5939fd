package dev.tunerd.tuners.medianstop;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Trial job ids numbered 0, 1, 2... in the order they are added, at about 16 bytes an id for the ids managers use
 * (NNI's are 5 letters and digits): an id of at most 8 ASCII characters is packed into one {@code long} (7 bits a
 * character, the length above them), kept by number in a {@code long[]}, and found through an open-addressing table
 * of numbers; any other id goes into plain maps. A {@code HashMap<String, Integer>} and a list of the strings cost
 * some 110 bytes an id. Not thread-safe.
 */
final class TrialOrdinals {
    private static final long PRESENT = 1L << 62; // set in every packed id, so 0 means "not packed"
    private static final int MAX_PACKED = 8;

    private long[] packedIds = new long[16];
    private int[] table = new int[32]; // ordinal + 1 of a packed id; 0 = empty slot
    private int size;
    private final Map<String, Integer> otherOrdinals = new HashMap<>();
    private final Map<Integer, String> otherIds = new HashMap<>();

    int size() {
        return size;
    }

    /** The number of {@code id}, or -1 when it was never added. */
    int ordinalOf(String id) {
        long packed = pack(id);
        if (packed == 0) {
            return otherOrdinals.getOrDefault(id, -1);
        }
        int mask = table.length - 1;
        for (int i = slot(packed, mask); table[i] != 0; i = (i + 1) & mask) {
            if (packedIds[table[i] - 1] == packed) {
                return table[i] - 1;
            }
        }
        return -1;
    }

    /** Numbers {@code id}, which must not have been added yet; returns its number. */
    int add(String id) {
        int ordinal = size++;
        if (ordinal == packedIds.length) {
            packedIds = Arrays.copyOf(packedIds, ordinal + (ordinal >> 1));
        }
        long packed = pack(id);
        packedIds[ordinal] = packed;
        if (packed == 0) {
            otherOrdinals.put(id, ordinal);
            otherIds.put(ordinal, id);
            return ordinal;
        }
        if (size * 2 > table.length) {
            rehash(table.length * 2);
        }
        insert(table, ordinal);
        return ordinal;
    }

    String idOf(int ordinal) {
        long packed = packedIds[ordinal];
        return packed == 0 ? otherIds.get(ordinal) : unpack(packed);
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

    static String unpack(long packed) {
        int n = (int) (packed >>> 56) & 0xF;
        char[] chars = new char[n];
        long v = packed;
        for (int i = n - 1; i >= 0; i--) {
            chars[i] = (char) (v & 0x7F);
            v >>>= 7;
        }
        return new String(chars);
    }

    private void insert(int[] t, int ordinal) {
        int mask = t.length - 1;
        int i = slot(packedIds[ordinal], mask);
        while (t[i] != 0) {
            i = (i + 1) & mask;
        }
        t[i] = ordinal + 1;
    }

    private void rehash(int capacity) {
        int[] bigger = new int[capacity];
        for (int entry : table) {
            if (entry != 0) {
                insert(bigger, entry - 1);
            }
        }
        table = bigger;
    }

    private static int slot(long packed, int mask) {
        long h = packed * 0x9E3779B97F4A7C15L;
        return (int) (h >>> 32) & mask;
    }
}
