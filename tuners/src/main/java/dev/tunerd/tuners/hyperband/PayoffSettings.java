package dev.tunerd.tuners.hyperband;

/**
 * The payoff check's settings, handed down from the classArgs ({@link HyperbandArgs}, where each key is described) to
 * the checks ({@link PayoffChecks}) and to the bracket judge ({@link BracketPayoff}) as one value. A margin or share
 * of -1 is off. Immutable.
 *
 * @param margin           {@code payoff_margin}
 * @param screenMargin     {@code screen_margin}
 * @param repeatLargest    {@code repeat_largest}
 * @param earlyMargin      {@code early_margin}
 * @param realizedShare    {@code realized_share}
 * @param thinMargin       {@code thin_margin}
 * @param realizedFloor    {@code realized_floor}
 * @param realizedWinners  {@code realized_winners}
 * @param repeatLosing     {@code repeat_losing}
 * @param recheckAll       {@code recheck_all}
 * @param holdForDecisions {@code hold_for_decisions}
 * @param firmMargin       {@code firm_margin}
 * @param chanceDepth      {@code chance_depth}
 * @param winnerVeto       {@code winner_veto}
 * @param refreshEvery     {@code refresh_every}
 * @param refreshBelow     {@code refresh_below}
 * @param waitForVerdict   {@code wait_for_verdict}
 * @param spendRace        {@code spend_race}
 * @param raceTrailing     {@code race_trailing}
 * @param raceOutlook      {@code race_outlook}
 * @param rankedHalving    {@code ranked_halving}
 * @param rankedChance     {@code ranked_chance}
 */
record PayoffSettings(double margin, double screenMargin, double repeatLargest, double earlyMargin,
                      double realizedShare, double thinMargin, int realizedFloor, int realizedWinners,
                      boolean repeatLosing, boolean recheckAll, boolean holdForDecisions, double firmMargin,
                      int chanceDepth, boolean winnerVeto, int refreshEvery, int refreshBelow,
                      boolean waitForVerdict, double spendRace, double raceTrailing,
                      double raceOutlook, int rankedHalving, double rankedChance) {

    /** The settings the classArgs give. */
    static PayoffSettings of(HyperbandArgs a) {
        return new PayoffSettings(a.payoffMargin(), a.screenMargin(), a.repeatLargest(), a.earlyMargin(),
            a.realizedShare(), a.thinMargin(), a.realizedFloor(), a.realizedWinners(), a.repeatLosing(),
            a.recheckAll(), a.holdForDecisions(), a.firmMargin(), a.chanceDepth(), a.winnerVeto(),
            a.refreshEvery(), a.refreshBelow(), a.waitForVerdict(), a.spendRace(), a.raceTrailing(),
            a.raceOutlook(), a.rankedHalving(), a.rankedChance());
    }

    /**
     * The replay alone at {@code margin} (issue 13 session 7's rule): the screening model, the early start and every
     * later rule off, the floors at sessions 10-15's values.
     */
    static PayoffSettings replay(double margin) {
        return new PayoffSettings(margin, -1, -1, -1, -1, -1, HyperbandArgs.DEFAULT_REALIZED_FLOOR,
            HyperbandArgs.DEFAULT_REALIZED_WINNERS, true, false, false, -1, -1, false, -1,
            HyperbandArgs.DEFAULT_REFRESH_BELOW, false, -1, HyperbandArgs.DEFAULT_RACE_TRAILING, -1, -1, -1);
    }

    /** These settings with {@code screen_margin} at {@code value}. */
    PayoffSettings withScreenMargin(double value) {
        return new PayoffSettings(margin, value, repeatLargest, earlyMargin, realizedShare, thinMargin, realizedFloor,
            realizedWinners, repeatLosing, recheckAll, holdForDecisions, firmMargin, chanceDepth, winnerVeto,
            refreshEvery, refreshBelow, waitForVerdict, spendRace, raceTrailing, raceOutlook,
            rankedHalving, rankedChance);
    }

    /** These settings with {@code early_margin} at {@code value}. */
    PayoffSettings withEarlyMargin(double value) {
        return new PayoffSettings(margin, screenMargin, repeatLargest, value, realizedShare, thinMargin, realizedFloor,
            realizedWinners, repeatLosing, recheckAll, holdForDecisions, firmMargin, chanceDepth, winnerVeto,
            refreshEvery, refreshBelow, waitForVerdict, spendRace, raceTrailing, raceOutlook,
            rankedHalving, rankedChance);
    }

    /** These settings with {@code thin_margin} at {@code value}. */
    PayoffSettings withThinMargin(double value) {
        return new PayoffSettings(margin, screenMargin, repeatLargest, earlyMargin, realizedShare, value, realizedFloor,
            realizedWinners, repeatLosing, recheckAll, holdForDecisions, firmMargin, chanceDepth, winnerVeto,
            refreshEvery, refreshBelow, waitForVerdict, spendRace, raceTrailing, raceOutlook,
            rankedHalving, rankedChance);
    }

    /** These settings with {@code firm_margin} at {@code value}. */
    PayoffSettings withFirmMargin(double value) {
        return new PayoffSettings(margin, screenMargin, repeatLargest, earlyMargin, realizedShare, thinMargin,
            realizedFloor, realizedWinners, repeatLosing, recheckAll, holdForDecisions, value, chanceDepth, winnerVeto,
            refreshEvery, refreshBelow, waitForVerdict, spendRace, raceTrailing, raceOutlook,
            rankedHalving, rankedChance);
    }
}
