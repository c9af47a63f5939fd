package dev.tunerd.tuners.hyperband;

import java.util.ArrayList;
import java.util.List;

/**
 * One bracket of successive halving: its rounds (rungs) so far. {@code done} once its last round has been generated
 * (NNI's {@code no_more_trial}, which is what a serial Hyperband waits for), or once a round ended with no
 * configuration that reported a result. Not thread-safe.
 */
final class Bracket {
    final String key;
    final int s;
    final List<Rung> rounds = new ArrayList<>();
    boolean done;

    Bracket(String key, int s) {
        this.key = key;
        this.s = s;
    }

    Rung last() {
        return rounds.get(rounds.size() - 1);
    }

    /** Adds a round; the bracket is done when it has all {@code s + 1} of them. */
    void add(Rung rung) {
        rounds.add(rung);
        done = rounds.size() > s;
    }
}
