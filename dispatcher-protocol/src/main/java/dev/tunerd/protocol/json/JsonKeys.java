package dev.tunerd.protocol.json;

import java.nio.charset.StandardCharsets;

/**
 * The property names {@link JsonReader} reads, as few {@code String}s as possible. A name that is one of the
 * protocol's own comes back as the one shared constant (no copy, its hash code already computed for the map it goes
 * into); any other short ASCII name comes from a small cache shared by every reader, so that the keys of a search
 * space's parameters are one {@code String} each however many parameter sets are read (a resume's {@code FD} and
 * journal hold hundreds of thousands; three 48-byte copies of "lr", "bs"... per set before).
 *
 * <p>The cache is bounded (a slot is overwritten by the next key of its hash) and read and written without a lock,
 * which is safe because a {@code String} is immutable: a racing reader sees either key, and checks it.
 */
final class JsonKeys {

    /** Names of the members of the commands (ME, EN, TR, IN), read once per command or more. */
    private static final String[] KNOWN = {"parameter_id", "trial_job_id", "type", "sequence", "value", "event",
        "hyper_params", "parameters", "parameter", "parameter_source", "parameter_index", "_type", "_value", "_name",
        "default"};
    private static final byte[][] KNOWN_BYTES = asciiBytes(KNOWN);
    private static final String[] CACHE = new String[1024];
    private static final int CACHED_BYTES = 32;

    private JsonKeys() {
    }

    /** The plain-ASCII key held by {@code bytes[start, close)}. */
    static String key(byte[] bytes, int start, int close) {
        String known = known(bytes, start, close);
        return known != null ? known : cached(bytes, start, close);
    }

    private static String known(byte[] bytes, int start, int close) {
        int length = close - start;
        for (int k = 0; k < KNOWN_BYTES.length; k++) {
            if (KNOWN_BYTES[k].length == length && regionEquals(bytes, start, KNOWN_BYTES[k])) {
                return KNOWN[k];
            }
        }
        return null;
    }

    private static String cached(byte[] bytes, int start, int close) {
        int length = close - start;
        if (length > CACHED_BYTES) {
            return new String(bytes, start, length, StandardCharsets.ISO_8859_1);
        }
        int h = length;
        for (int i = start; i < close; i++) {
            h = 31 * h + bytes[i];
        }
        int slot = (h ^ (h >>> 16)) & (CACHE.length - 1);
        String cached = CACHE[slot];
        if (cached != null && cached.length() == length && sameAscii(bytes, start, cached)) {
            return cached;
        }
        String key = new String(bytes, start, length, StandardCharsets.ISO_8859_1);
        CACHE[slot] = key;
        return key;
    }

    /** Whether {@code bytes} holds {@code word} from {@code at} (the caller checked that there is room). */
    static boolean regionEquals(byte[] bytes, int at, byte[] word) {
        for (int i = 0; i < word.length; i++) {
            if (bytes[at + i] != word[i]) {
                return false;
            }
        }
        return true;
    }

    private static boolean sameAscii(byte[] bytes, int at, String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) != bytes[at + i]) {
                return false;
            }
        }
        return true;
    }

    private static byte[][] asciiBytes(String[] words) {
        byte[][] out = new byte[words.length][];
        for (int i = 0; i < words.length; i++) {
            out[i] = words[i].getBytes(StandardCharsets.US_ASCII);
        }
        return out;
    }
}
