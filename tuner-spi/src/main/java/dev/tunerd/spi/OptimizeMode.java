package dev.tunerd.spi;

/** Whether a larger ({@code maximize}) or a smaller ({@code minimize}) metric is better. */
public enum OptimizeMode {
    MINIMIZE("minimize"), MAXIMIZE("maximize");

    private final String wireName;

    OptimizeMode(String wireName) {
        this.wireName = wireName;
    }

    /** The value as written in classArgs: {@code minimize} or {@code maximize}. */
    @Override
    public String toString() {
        return wireName;
    }

    /** A reward made "larger is better": negated when minimising. */
    public double toGain(double reward) {
        return this == MAXIMIZE ? reward : -reward;
    }

    /** A reward made "smaller is better" (a loss): negated when maximising. */
    public double toLoss(double reward) {
        return this == MINIMIZE ? reward : -reward;
    }
}
