package dev.tunerd.tuners.hyperband;

/**
 * The components of a {@link HyperbandArgs} under construction: its withers' one way to the canonical constructor,
 * which alone fills defaults and checks ranges. Each field is null until set, as its key when the classArgs omit it.
 * Moved out of {@link HyperbandArgs} unchanged (issue 13 session 27, to keep that file under 500 lines). Not
 * thread-safe.
 */
final class HyperbandArgsDraft {
    String optimizeMode;
    Integer R;
    Integer eta;
    String execMode;
    Double rankAgreement;
    Double payoffMargin;
    Double screenMargin;
    Double repeatLargest;
    Double earlyMargin;
    Double realizedShare;
    Double thinMargin;
    Integer realizedFloor;
    Integer realizedWinners;
    Boolean repeatLosing;
    Boolean separateStreams;
    Boolean recheckAll;
    Boolean holdForDecisions;
    Boolean largestFirst;
    Double firmMargin;
    Integer chanceDepth;
    Boolean winnerVeto;
    Integer refreshEvery;
    Integer refreshBelow;
    Boolean waitForVerdict;
    Double spendRace;
    Double raceTrailing;
    Double raceOutlook;
    String promoteBy;
    Boolean replayByModel;
    Integer rankedHalving;
    Double rankedChance;
    Long seed;

    /** Every component absent (null), as in classArgs {@code {}}. */
    HyperbandArgsDraft() {
    }

    HyperbandArgsDraft(HyperbandArgs a) {
        optimizeMode = a.optimizeMode();
        R = a.R();
        eta = a.eta();
        execMode = a.execMode();
        rankAgreement = a.rankAgreement();
        payoffMargin = a.payoffMargin();
        screenMargin = a.screenMargin();
        repeatLargest = a.repeatLargest();
        earlyMargin = a.earlyMargin();
        realizedShare = a.realizedShare();
        thinMargin = a.thinMargin();
        realizedFloor = a.realizedFloor();
        realizedWinners = a.realizedWinners();
        repeatLosing = a.repeatLosing();
        separateStreams = a.separateStreams();
        recheckAll = a.recheckAll();
        holdForDecisions = a.holdForDecisions();
        largestFirst = a.largestFirst();
        firmMargin = a.firmMargin();
        chanceDepth = a.chanceDepth();
        winnerVeto = a.winnerVeto();
        refreshEvery = a.refreshEvery();
        refreshBelow = a.refreshBelow();
        waitForVerdict = a.waitForVerdict();
        spendRace = a.spendRace();
        raceTrailing = a.raceTrailing();
        raceOutlook = a.raceOutlook();
        promoteBy = a.promoteBy();
        replayByModel = a.replayByModel();
        rankedHalving = a.rankedHalving();
        rankedChance = a.rankedChance();
        seed = a.seed();
    }

    HyperbandArgs build() {
        return new HyperbandArgs(optimizeMode, R, eta, execMode, rankAgreement, payoffMargin, screenMargin,
            repeatLargest, earlyMargin, realizedShare, thinMargin, realizedFloor, realizedWinners, repeatLosing,
            separateStreams, recheckAll, holdForDecisions, largestFirst, firmMargin, chanceDepth, winnerVeto,
            refreshEvery, refreshBelow, waitForVerdict, spendRace, raceTrailing, raceOutlook, promoteBy, replayByModel,
            rankedHalving, rankedChance, seed);
    }
}
