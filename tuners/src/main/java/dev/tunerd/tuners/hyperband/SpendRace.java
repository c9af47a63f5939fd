package dev.tunerd.tuners.hyperband;

import java.util.List;

/**
 * A race at equal spend between the two ways Hyperband spends epochs ({@code spend_race}, issue 13 session 26): arm
 * H, every bracket that halves ({@code s > 0}), and arm F, the full trainings of new configurations (bracket {@code s
 * = 0}: with {@code separate_streams}, random search's configurations in order). What decides a run is a maximum, the
 * best final value among the configurations trained to {@code R}, so the race compares maxima, not averages or ranks:
 * with {@code X} = the smaller of the two arms' spends whose results are in, the best final value H produced within
 * its first {@code X} epochs against the best F produced within its first {@code X} epochs (H {@link Standing#LEADS}
 * when its best is strictly better). A governor over the other checks: a halving bracket they would start is allowed
 * only while H's committed epochs, that bracket's included, stay within {@code lead} times F's while H leads or no
 * comparison can be made yet, and within {@code trail} times F's while it trails; otherwise the engine moves on, down
 * to full trainings. Where every halving bracket is blocked Hyperband is random search.
 *
 * <p>Spends in epochs, read from the engine's brackets alone (which are in the snapshot), so a resumed advisor decides
 * as the killed one would, and from ended trials only, so the order in which a trial's results arrive before its end
 * changes nothing:
 * <ul>
 *   <li>H committed: the planned cost of every halving bracket started, in start order (its rounds will come); a
 *   result of H, the final value of a configuration of a bracket's last round (at {@code R}), is stamped with H's
 *   committed epochs up to and including its bracket; H's spend in: those of the brackets finished (last round
 *   generated and ended), counted as the longest such prefix in start order.</li>
 *   <li>F committed: {@code R} per configuration of bracket 0 issued; the {@code i}-th issued is stamped {@code i R};
 *   F's spend in: the longest prefix of issued ones that ended. At {@code X} a full training counts when at least half
 *   of it lies within {@code X} (equal spend in whole trainings, rounded: the largest bracket costs 3.55-4.6 full
 *   trainings for {@code R} of 40-100).</li>
 * </ul>
 * Stateless; a run's decisions read the arms through its {@link RaceLedger}, which keeps what it read of the brackets
 * that no longer change (issue 13 session 27: the walk over every bracket was O(run) per look).
 */
final class SpendRace {
    private SpendRace() {
    }

    /** Where H stands against F at equal spend. */
    enum Standing {
        /** No comparison yet: one arm has no result at {@code R} within the spend both have in. */
        OPEN,
        /** H's best within the equal spend is strictly better than F's. */
        LEADS,
        /** F's best within the equal spend is at least as good as H's. */
        TRAILS
    }

    /** A final value (a loss) at {@code R} and its arm's committed epochs up to the trial that produced it. */
    record Result(long spend, double loss) {
    }

    /** What the race reads of an arm ({@link Arm}, {@link ArmTally}). */
    interface Spends {
        /** Epochs the arm has started (planned, for H; issued, for F). */
        long committed();

        /** Epochs whose results are all in (a prefix in the arm's order). */
        long in();

        /** The best (smallest) loss stamped at most {@code spend}; NaN when none. */
        double bestWithin(long spend);
    }

    /**
     * One arm's standing.
     *
     * @param committed epochs the arm has started (planned, for H; issued, for F)
     * @param in        epochs whose results are all in (a prefix in the arm's order)
     * @param results   its final values at {@code R}, each stamped with the arm's epochs up to it
     */
    record Arm(long committed, long in, List<Result> results) implements Spends {
        Arm {
            results = List.copyOf(results);
        }

        @Override
        public double bestWithin(long spend) {
            double best = Double.NaN;
            for (Result r : results) {
                if (r.spend() <= spend && !(r.loss() >= best)) {
                    best = r.loss();
                }
            }
            return best;
        }
    }

    /**
     * H ({@code halving}) against F ({@code full}) at the spend both have in; a full training counts when at least half
     * of its {@code fullBudget} epochs lie within that spend.
     */
    static Standing standing(Spends halving, Spends full, int fullBudget) {
        long x = Math.min(halving.in(), full.in());
        double h = halving.bestWithin(x);
        double f = full.bestWithin(x + fullBudget / 2);
        if (Double.isNaN(h) || Double.isNaN(f)) {
            return Standing.OPEN;
        }
        return h < f ? Standing.LEADS : Standing.TRAILS;
    }

    /**
     * The bound on H's committed epochs, as a multiple of F's: {@code trail} while H trails at equal spend, {@code
     * lead} while it leads or no comparison can be made yet.
     */
    static double bound(Spends halving, Spends full, int fullBudget, double lead, double trail) {
        return standing(halving, full, fullBudget) == Standing.TRAILS ? trail : lead;
    }

    /** Whether H may commit {@code cost} more epochs: its committed epochs with them at most {@code bound} x F's. */
    static boolean allows(Spends halving, Spends full, long cost, double bound) {
        return halving.committed() + cost <= bound * full.committed();
    }

    /**
     * Whether the race lets bracket {@code s > 0} start now on the brackets {@code ledger} reads; with {@code outlook}
     * on (not -1) the arms stand by their outlooks by that many full trainings ({@link RaceOutlook}) instead of their
     * bests at equal spend.
     */
    static boolean allows(RaceLedger ledger, int s, double lead, double trail, double outlook) {
        int r = ledger.plan().maxBudget();
        long cost = cost(ledger.plan(), s);
        if (outlook < 0) {
            return ledger.read((h, f) -> allows(h, f, cost, bound(h, f, r, lead, trail)));
        }
        return ledger.read((h, f) -> allows(h, f, cost,
            RaceOutlook.standing(h.arm(), f.arm(), r, outlook) == Standing.TRAILS ? trail : lead));
    }

    /** Bracket {@code s}'s planned epochs: its rounds' configurations times their budgets. */
    static long cost(BracketPlan plan, int s) {
        long epochs = 0;
        for (int i = 0; i <= s; i++) {
            epochs += (long) plan.configs(s, i) * plan.budget(s, i);
        }
        return epochs;
    }

    /**
     * Adds bracket {@code b}, the next one in start order, to arm H ({@code halving}, when it halves) or arm F
     * ({@code full}, when it is a bracket of full trainings); see the class comment.
     */
    static void fold(BracketPlan plan, Bracket b, ArmTally halving, ArmTally full) {
        if (b.s == 0) {
            long r = plan.maxBudget();
            for (Rung.Entry e : b.rounds.get(0).entries) {
                if (e.parameterId < 0) {
                    continue; // drawn, not issued yet
                }
                full.committed += r;
                if (e.ended && e.hasResult()) {
                    full.add(full.committed, e.loss);
                }
                full.prefix = full.prefix && e.ended;
                if (full.prefix) {
                    full.in = full.committed;
                }
            }
            return;
        }
        halving.committed += cost(plan, b.s);
        if (b.rounds.size() == b.s + 1) { // the last round, at R
            for (Rung.Entry e : b.last().entries) {
                if (e.ended && e.hasResult()) {
                    halving.add(halving.committed, e.loss);
                }
            }
        }
        halving.prefix = halving.prefix && b.done && b.last().complete();
        if (halving.prefix) {
            halving.in = halving.committed;
        }
    }
}
