package dev.tunerd.tuners.evolution;

import dev.tunerd.spi.space.ParameterSpec;
import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.tuners.common.Rng;
import java.util.ArrayList;
import java.util.List;

/**
 * NNI's naive evolution in internal coordinates: individuals without a result are handed out first; then a
 * tournament of two random individuals removes the loser and yields a copy of the winner with one active parameter
 * re-drawn from its prior (children of a changed nested choice are drawn too). Gains: larger is better. Not
 * thread-safe.
 */
final class Population {
    private final SearchSpace space;
    private final Rng rng;
    private final List<double[]> configs = new ArrayList<>();
    private final List<Double> gains = new ArrayList<>();

    Population(SearchSpace space, Rng rng) {
        this.space = space;
        this.rng = rng;
    }

    int size() {
        return configs.size();
    }

    double[] config(int i) {
        return configs.get(i);
    }

    Double gain(int i) {
        return gains.get(i);
    }

    /** Adds an individual; a null gain means not evaluated yet. */
    void add(double[] config, Double gain) {
        configs.add(config);
        gains.add(gain);
    }

    void addRandom() {
        add(randomConfig(), null);
    }

    /** The next configuration to evaluate. */
    double[] next() {
        for (int i = 0; i < configs.size(); i++) {
            if (gains.get(i) == null) {
                gains.remove(i);
                return configs.remove(i);
            }
        }
        if (configs.isEmpty()) {
            return randomConfig();
        }
        int winner = rng.nextInt(configs.size());
        if (configs.size() > 1) {
            int other = rng.nextInt(configs.size() - 1);
            other = other >= winner ? other + 1 : other;
            int loser = gains.get(other) > gains.get(winner) ? winner : other;
            winner = loser == winner ? other : winner;
            double[] w = configs.get(winner);
            configs.remove(loser);
            gains.remove(loser);
            return mutate(w);
        }
        return mutate(configs.get(winner));
    }

    private double[] mutate(double[] parent) {
        double[] child = parent.clone();
        List<Integer> active = new ArrayList<>();
        for (int i = 0; i < child.length; i++) {
            if (space.isActive(i, child)) {
                active.add(i);
            }
        }
        if (active.isEmpty()) {
            return child;
        }
        int pos = active.get(rng.nextInt(active.size()));
        child[pos] = draw(space.parameters().get(pos));
        for (int i = pos + 1; i < child.length; i++) {
            boolean on = space.isActive(i, child);
            if (on && Double.isNaN(child[i])) {
                child[i] = draw(space.parameters().get(i));
            } else if (!on) {
                child[i] = Double.NaN;
            }
        }
        return child;
    }

    double[] randomConfig() {
        double[] c = space.newInternal();
        for (int i = 0; i < c.length; i++) {
            if (space.isActive(i, c)) {
                c[i] = draw(space.parameters().get(i));
            }
        }
        return c;
    }

    private double draw(ParameterSpec p) {
        if (p.categorical()) {
            return rng.nextInt(p.size());
        }
        if (p.normal()) {
            return p.mu() + p.sigma() * rng.nextGaussian();
        }
        return p.low() + rng.nextDouble() * (p.high() - p.low());
    }
}
