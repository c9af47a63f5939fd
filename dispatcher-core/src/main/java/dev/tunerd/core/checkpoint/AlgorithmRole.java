package dev.tunerd.core.checkpoint;

import java.util.Locale;

/** Whose state an algorithm snapshot is: the tuner's (or advisor's) or the assessor's. */
public enum AlgorithmRole {
    TUNER, ASSESSOR;

    /** The key used in the checkpoint's JSON: {@code tuner} or {@code assessor}. */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses {@link #key()}; throws {@link IllegalArgumentException} naming an unknown key. */
    public static AlgorithmRole ofKey(String key) {
        for (AlgorithmRole r : values()) {
            if (r.key().equals(key)) {
                return r;
            }
        }
        throw new IllegalArgumentException("unknown algorithm role '" + key + "'");
    }
}
