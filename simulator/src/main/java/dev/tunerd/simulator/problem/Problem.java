package dev.tunerd.simulator.problem;

import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;

/**
 * A built-in objective the simulated manager minimises: a search space in NNI's format, the value of a parameter set
 * (one value per epoch), and the known optimum f*. Instances are immutable and thread-safe; any randomness (noise of
 * a learning curve) is fixed by the seed the instance was created with and the parameters evaluated.
 */
public interface Problem {

    /** The name used on the command line ({@code --problem}). */
    String name();

    /** One line for {@code --help} and the report. */
    String description();

    /** The search space sent in {@code IN}. */
    JsonObject searchSpace();

    /** The known minimum f*: regret is measured against it. */
    double optimum();

    /** How many epochs a trial runs: 1 for a plain function, more for a learning-curve problem. */
    int epochs();

    /**
     * Evaluates one parameter set as the trial received it in {@code TR}.
     *
     * @throws IllegalArgumentException naming the parameter when the set does not fit this problem's space
     */
    Trajectory evaluate(JsonValue parameters);
}
