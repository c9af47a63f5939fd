package dev.tunerd.simulator.problem;

import java.util.Arrays;

/**
 * What one trial reports: the metric after every epoch (the final metric is the last one) and the value the full
 * run would reach without noise, used to tell whether an early stop lost the best configuration. Immutable.
 *
 * @param perEpoch     the reported metric after epoch 1, 2, ...; at least one element
 * @param trueFinal    the noise-free metric after the last epoch
 */
public record Trajectory(double[] perEpoch, double trueFinal) {

    public Trajectory {
        if (perEpoch.length == 0) {
            throw new IllegalArgumentException("a trajectory needs at least one epoch");
        }
        perEpoch = perEpoch.clone();
    }

    /** A single-epoch trajectory of a plain objective. */
    public static Trajectory single(double value) {
        return new Trajectory(new double[] {value}, value);
    }

    public int epochs() {
        return perEpoch.length;
    }

    /** The metric after {@code epoch} (0-based). */
    public double at(int epoch) {
        return perEpoch[epoch];
    }

    public double finalValue() {
        return perEpoch[perEpoch.length - 1];
    }

    @Override
    public double[] perEpoch() {
        return perEpoch.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Trajectory t && Arrays.equals(perEpoch, t.perEpoch)
            && Double.compare(trueFinal, t.trueFinal) == 0;
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(perEpoch) * 31 + Double.hashCode(trueFinal);
    }

    @Override
    public String toString() {
        return "Trajectory" + Arrays.toString(perEpoch);
    }
}
