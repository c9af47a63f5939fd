package dev.tunerd.tuners.hyperband;

import dev.tunerd.tuners.common.Rng;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * {@link BracketPayoff#outcome}'s replay of a bracket on the evidence itself, on its own since issue 13 session 24
 * (the check keeps its answer; this computes it). Stateless.
 */
final class EvidenceReplay {
    private EvidenceReplay() {
    }

    /** The mean best final value of bracket {@code s} over {@code replays} replays on {@code usable}. */
    static double outcome(BracketPlan plan, List<double[]> usable, int s, int replays) {
        int n = usable.size();
        int sMax = plan.sMax();
        // the curves ranked at each rung the bracket halves at (ties: evidence order)
        int[][] order = new int[s][];
        for (int i = 0; i < s; i++) {
            int k = sMax - s + i;
            order[i] = java.util.stream.IntStream.range(0, n).boxed()
                .sorted(Comparator.comparingDouble((Integer j) -> usable.get(j)[k]).thenComparingInt(j -> j))
                .mapToInt(Integer::intValue).toArray();
        }
        int start = plan.configs(s, 0);
        Rng rng = Rng.withSeed(0x5DEECE66DL * n + s);
        boolean[] alive = new boolean[n];
        double sum = 0;
        for (int r = 0; r < replays; r++) {
            Arrays.fill(alive, false);
            for (int d = 0; d < start; d++) {
                alive[rng.nextInt(n)] = true; // a training drawn twice is one configuration (issue 13 session 15)
            }
            for (int i = 0; i < s; i++) { // keep the best configs(s, i + 1) trainings by their value at this rung
                int keep = plan.configs(s, i + 1);
                for (int j : order[i]) {
                    if (alive[j]) {
                        alive[j] = keep-- > 0;
                    }
                }
            }
            double best = Double.POSITIVE_INFINITY;
            for (int j = 0; j < n; j++) {
                if (alive[j]) {
                    best = Math.min(best, usable.get(j)[sMax]);
                }
            }
            sum += best;
        }
        return sum / replays;
    }

}
