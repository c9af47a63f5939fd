package dev.tunerd.simulator.problem;

import dev.tunerd.spi.json.JsonObject;

/**
 * The constant half of a {@link Problem}: its name, description, search space, optimum and epochs, fixed when it is
 * built, and the seed its noise is drawn from. Subclasses only evaluate. Immutable and thread-safe when the subclass
 * is.
 */
abstract class FixedProblem implements Problem {

    /** The seed the problem's noise is drawn from (with the parameters evaluated). */
    protected final long seed;
    private final String name;
    private final String description;
    private final JsonObject space;
    private final double optimum;
    private final int epochs;

    FixedProblem(String name, String description, JsonObject space, double optimum, int epochs, long seed) {
        this.name = name;
        this.description = description;
        this.space = space;
        this.optimum = optimum;
        this.epochs = epochs;
        this.seed = seed;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final String description() {
        return description;
    }

    @Override
    public final JsonObject searchSpace() {
        return space;
    }

    @Override
    public final double optimum() {
        return optimum;
    }

    @Override
    public final int epochs() {
        return epochs;
    }
}
