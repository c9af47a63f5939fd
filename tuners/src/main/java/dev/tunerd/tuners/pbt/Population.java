package dev.tunerd.tuners.pbt;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.tuners.common.RandomSampler;
import dev.tunerd.tuners.common.Rng;

/**
 * The members of one generation, which of them have been handed out, and their scores, plus NNI's step from one
 * generation to the next ({@code _proceed_next_epoch}): rank by score; each of the bottom {@code ceil(fraction * P)}
 * copies the hyperparameters of a top-{@code ceil(fraction * P)} member chosen at random (exploit), loads from that
 * member's save directory and is then perturbed ({@link Explorer}); every other member continues from its own save
 * directory. Every member saves into {@code <root>/<member>/<new generation>}, so no two members of a generation share
 * a save directory.
 *
 * <p>Differences from NNI, on purpose: ties in score are ranked by member index (not arrival order), so a restored
 * tuner replaying results in another order reaches the same generation; a member whose trial failed (it saved no
 * checkpoint) always exploits a member that succeeded, instead of loading its own missing directory; if none
 * succeeded every member retries its step from the directory it loaded. Members are handed out in index order.
 * Not thread-safe.
 */
final class Population {
    private final CheckpointRoot root;
    private final List<Member> members;
    private final Map<Integer, Double> scores = new HashMap<>();
    private int generation;
    private int handedOut;

    Population(CheckpointRoot root, List<Member> members, int generation, int handedOut) {
        this.root = root;
        this.members = members;
        this.generation = generation;
        this.handedOut = handedOut;
    }

    /** A random population at {@code generation}: each member loads from and saves into its own directory. */
    static Population random(CheckpointRoot root, SearchSpace space, int size, int generation, Rng rng) {
        List<Member> members = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            String dir = root.memberDirectory(i, generation);
            members.add(new Member(i, RandomSampler.sample(space, rng), dir, dir));
        }
        return new Population(root, members, generation, 0);
    }

    int generation() {
        return generation;
    }

    int handedOut() {
        return handedOut;
    }

    List<Member> members() {
        return members;
    }

    Map<Integer, Double> scores() {
        return scores;
    }

    boolean hasUnassigned() {
        return handedOut < members.size();
    }

    /** The next member not yet handed out in this generation. */
    Member handOut() {
        return members.get(handedOut++);
    }

    /** Records a member's score (larger is better; NaN = its trial failed); true when the generation is complete. */
    boolean score(int member, double gain) {
        scores.putIfAbsent(member, gain);
        return scores.size() == members.size();
    }

    /** Exploit and explore into the next generation. */
    void advance(Explorer explorer, double fraction, Rng rng) {
        generation++;
        List<Member> ranked = new ArrayList<>(members);
        ranked.sort(Comparator.comparingDouble((Member m) -> rankKey(scores.get(m.index))).reversed()
            .thenComparingInt(m -> m.index));
        int cutoff = (int) Math.ceil(fraction * members.size());
        List<Member> tops = new ArrayList<>();
        for (Member m : ranked.subList(0, cutoff)) {
            if (!Double.isNaN(scores.get(m.index))) {
                tops.add(m);
            }
        }
        Set<Member> bottoms = new LinkedHashSet<>(ranked.subList(members.size() - cutoff, members.size()));
        for (Member m : ranked) {
            if (Double.isNaN(scores.get(m.index)) && !tops.isEmpty()) {
                bottoms.add(m);
            }
        }
        bottoms.removeAll(tops);
        for (Member m : ranked) { // loads first: a top's save directory is still the one it just saved into
            if (bottoms.contains(m) && !tops.isEmpty()) {
                Member top = tops.get(rng.nextInt(tops.size()));
                m.internal = explorer.explore(top.internal, rng);
                m.loadDirectory = top.saveDirectory;
            } else if (!Double.isNaN(scores.get(m.index))) {
                m.loadDirectory = m.saveDirectory;
            } // else: nobody succeeded; retry from the same load directory
        }
        for (Member m : members) {
            m.saveDirectory = root.memberDirectory(m.index, generation);
        }
        scores.clear();
        handedOut = 0;
    }

    /** Failed members (NaN) rank below every real score. */
    private static double rankKey(double gain) {
        return Double.isNaN(gain) ? Double.NEGATIVE_INFINITY : gain;
    }
}
