package dev.tunerd.tuners.bench;

import dev.tunerd.spi.space.SearchSpace;

/**
 * A problem of the simulator ({@code tunerd bench quality}) as a {@link BenchProblem}: the same search space, and a
 * suggestion is evaluated on the user's parameters as the daemon bench does. Used for the daemon's {@code mixed}
 * problem, which is not the in-process bench's {@link MixedProblem} (another space and function under the same name).
 * Immutable.
 */
final class SimulatorProblem implements BenchProblem {
    private final dev.tunerd.simulator.problem.Problem problem;
    private final SearchSpace space;

    SimulatorProblem(dev.tunerd.simulator.problem.Problem problem) {
        this.problem = problem;
        this.space = SearchSpace.parse(problem.searchSpace(), SearchSpace.ALL_TYPES);
    }

    @Override
    public String name() {
        return problem.name();
    }

    @Override
    public SearchSpace space() {
        return space;
    }

    @Override
    public double optimum() {
        return problem.optimum();
    }

    @Override
    public double evaluate(double[] internal) {
        return problem.evaluate(space.format(internal)).finalValue();
    }
}
