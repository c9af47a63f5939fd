package dev.tunerd.examples;

/**
 * classArgs of {@code ChoiceCycle}; tunerd binds {@code {"seed": 7, "repeat": true}} to it (snake_case keys, strict
 * types). Components left out arrive as null and get their defaults here. Immutable.
 *
 * @param seed   shuffles the order of the combinations with this seed; null keeps the grid order
 * @param repeat start again from the first combination instead of answering "no more trials"
 */
public record ChoiceCycleArgs(Long seed, Boolean repeat) {
    public ChoiceCycleArgs {
        repeat = repeat != null && repeat;
        if (seed != null && seed < 0) {
            throw new IllegalArgumentException("seed must not be negative, got " + seed);
        }
    }
}
