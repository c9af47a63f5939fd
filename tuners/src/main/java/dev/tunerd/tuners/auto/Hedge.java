package dev.tunerd.tuners.auto;

/**
 * A second tuner that shares the start of Auto's run with the picked one: of the first {@code until} suggestions,
 * every {@code every}-th is the partner's, the rest the picked tuner's; both are given every result (a tuner uses
 * the parameters that come with a result for an id it did not issue), so each models all the points. After
 * {@code until} suggestions the partner is closed and the picked tuner goes on alone. Immutable.
 *
 * @param partner the registered name of the second tuner
 * @param until   suggestions (both tuners' together) during which the partner takes its turns, at least 1
 * @param every   the partner's turn comes every {@code every} suggestions, at least 2
 * @param decideAt after this many suggestions (0: never) the tuner whose own points include the best result so far
 *                 takes every suggestion until {@code until}: the partner if it found it, else the picked tuner (the
 *                 partner is closed)
 */
public record Hedge(String partner, int until, int every, int decideAt) {
    public Hedge {
        if (partner == null || until < 1 || every < 2 || decideAt < 0) {
            throw new IllegalArgumentException("a hedge needs a partner, at least one suggestion and a turn every"
                + " two or more: " + partner + ", " + until + ", " + every + ", " + decideAt);
        }
    }

    /** Whether suggestion {@code k} (counted from 0, both tuners' together) is the partner's. */
    boolean partnersTurn(int k) {
        return k < until && k % every == every - 1;
    }
}
