package dev.tunerd.tuners.smac;

/**
 * A one-exchange neighbour handed out by {@link SmacSampler}'s local search, valid during the call only, and the
 * coordinate in which it differs from the point's encoding (-1: possibly several, a choice switched in a conditional
 * space).
 */
@FunctionalInterface
interface OneExchangeVisit {
    void accept(double[] neighbour, int moved);
}
