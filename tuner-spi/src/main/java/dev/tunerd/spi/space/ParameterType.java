package dev.tunerd.spi.space;

import java.util.Locale;

/** The ten {@code _type}s of NNI's search-space format. */
public enum ParameterType {
    CHOICE, RANDINT, UNIFORM, QUNIFORM, LOGUNIFORM, QLOGUNIFORM, NORMAL, QNORMAL, LOGNORMAL, QLOGNORMAL;

    /** The name as written in {@code _type}: {@code quniform}. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The type for a {@code _type} string, or null when there is none (names are case-sensitive, as in NNI). */
    public static ParameterType fromWire(String name) {
        for (ParameterType t : values()) {
            if (t.wireName().equals(name)) {
                return t;
            }
        }
        return null;
    }

    /** Whether values come from a finite set (choice and randint). */
    public boolean isCategorical() {
        return this == CHOICE || this == RANDINT;
    }

    /** quniform, qloguniform, qnormal, qlognormal. */
    public boolean isQuantized() {
        return this == QUNIFORM || this == QLOGUNIFORM || this == QNORMAL || this == QLOGNORMAL;
    }

    /** The normal family: normal, qnormal, lognormal, qlognormal. */
    public boolean isNormal() {
        return this == NORMAL || this == QNORMAL || this == LOGNORMAL || this == QLOGNORMAL;
    }

    /** loguniform, qloguniform, lognormal, qlognormal: sampled in log space. */
    public boolean isLog() {
        return this == LOGUNIFORM || this == QLOGUNIFORM || this == LOGNORMAL || this == QLOGNORMAL;
    }
}
