package dev.tunerd.tuners.hyperband;

import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.IntPredicate;
import java.util.function.Predicate;
import java.util.function.ToIntFunction;

/**
 * Hyperband's payoff check, installed on a {@link BracketEngine} ({@link BracketTuner#checkBracketsByPayoff}): a
 * bracket {@code s > 0} starts only when replaying it on the evidence beats spending its epochs on full trainings by
 * {@code margin} standard deviations of the final values ({@link BracketPayoff}). {@code screenMargin},
 * {@code repeatLargest}, {@code earlyMargin} and {@code realizedShare}: {@link HyperbandArgs}. With
 * {@code earlyMargin}, the largest bracket may start on fewer trainings than the other checks need; there it is
 * repeated at most {@link #THIN_RUN} times in a row (the count is the engine's, so it is in the snapshot), then
 * the iteration goes on down to full trainings, which add evidence. With {@code realizedShare} at 0 or more, the
 * largest bracket's winners are weighed against the full trainings ({@link BracketPayoff#realized}): while they
 * win it starts and is repeated whatever the other checks say, without the repeat limit; once they lose it no
 * longer starts early. With either of those two on, a bracket of full trainings is decided configuration by
 * configuration (issue 13 session 11, {@link BracketEngine#reviseFullTrainings}): whenever the evidence has changed
 * since the last look, and it is thin (the early start) or the winners win, a largest bracket that would now start
 * ends the full trainings there (not after a run of {@link #THIN_RUN} largest brackets on thin evidence, whose full
 * trainings are there to add evidence).
 *
 * <p>{@code thinMargin}: the screening rule for the largest bracket on thin evidence ({@link BracketPayoff});
 * {@code realizedFloor}: the full trainings a win of the largest bracket's winners must rest on before it lifts the
 * bracket's repeat limit ({@link BracketPayoff#winRests}); {@code realizedWinners}: the winners a win must rest on
 * before it is a verdict ({@link BracketPayoff#realized(List, List, double, int)}); {@code repeatLosing} (false:
 * while the winners lose, the largest bracket is not repeated, so an iteration goes on to the brackets whose full
 * trainings add evidence; true: sessions 10-15, the screening gain repeats it on the same evidence);
 * {@code recheckAll} (true: while a bracket of full trainings runs on evidence enough for every check, each change
 * of the evidence is looked at through every check, largest bracket first, so a bracket that now pays cuts the full
 * trainings short; false: sessions 11-17, only on thin evidence or winning winners, plus one look when the evidence
 * has just become enough while other trials train); {@code holdForDecisions} ({@link DecisionHold}): with several
 * workers a free worker waits for the largest bracket's round in flight, and on thin evidence for a full training
 * about to end, instead of starting a longer training; a decision made while paying such a wait reads every
 * training ended so far (another worker asked meanwhile), as it does while other trials train; {@code firmMargin}
 * ({@link EarlyStartMargin}): the early start's margin once six full trainings are in; {@code chanceDepth} and
 * {@code winnerVeto} ({@link LargestHold}): when the largest bracket is held whatever the checks say;
 * {@code refreshEvery} and {@code refreshBelow}: while the winners' win rests on fewer than {@code refreshBelow} full
 * trainings, after {@code refreshEvery} largest brackets in a row the iteration goes straight to a bracket of full
 * trainings (the brackets between are not allowed) that runs to its end, and the win is judged again on the larger
 * sample (issue 13 session 22: with one worker, a win on five poor trainings repeated the largest bracket to the end
 * of the run while its rounds dropped configurations that ended better than every winner); {@code waitForVerdict}
 * ({@link VerdictWait}): with several workers no new bracket starts while a largest bracket started on thin evidence
 * has no verdict yet, a free worker waits instead; {@code spendRace} and {@code raceTrailing} ({@link SpendRace}): a
 * governor over all of the above, a halving bracket they would start (or restart, or cut full trainings short for) is
 * allowed only while the halving brackets' committed epochs stay within a bound of the full trainings' ({@code
 * spendRace} times while the halving brackets lead the race at equal spend or it is open, {@code raceTrailing} times
 * while they trail); {@code rankedHalving} ({@link RankedHalving}): a bracket whose rungs rank the full trainings'
 * best finals starts whatever the rules above say, up to that many halving brackets in a row. All of them:
 * {@link HyperbandArgs}.
 */
final class PayoffChecks {
    /**
     * Largest brackets started in a row on evidence too thin for the other checks ({@code early_margin}); then the
     * iteration goes on, down to full trainings, which add evidence.
     */
    static final int THIN_RUN = 3;

    private PayoffChecks() {
    }

    /**
     * Installs the checks of {@code settings} on {@code engine}, deciding on {@code evidence}; {@code fullHistories}:
     * the intermediate results of the full trainings in flight ({@link DecisionHold}).
     */
    static void install(BracketEngine engine, PayoffSettings settings, PayoffEvidence evidence,
                        Map<Long, List<Double>> fullHistories) {
        BracketPayoff payoff = new BracketPayoff(engine.plan(), settings);
        double earlyMargin = settings.earlyMargin();
        double thinMargin = settings.thinMargin();
        double realizedShare = settings.realizedShare();
        double repeatLargest = settings.repeatLargest();
        int sMax = engine.plan().sMax();
        if (settings.holdForDecisions()) {
            engine.holdForDecisions(() -> payoff.thin(evidence.curves(), sMax)
                && DecisionHold.evidenceDue(fullHistories, engine));
        }
        ToIntFunction<List<double[]>> realized = curves -> realizedShare < 0 ? 0
            : payoff.realized(curves, evidence.winners(), realizedShare, settings.realizedWinners());
        BooleanSupplier largestHeld = () -> LargestHold.held(settings, engine, evidence, payoff);
        if (settings.waitForVerdict()) {
            engine.holdNewBrackets(() -> VerdictWait.holds(settings, engine, evidence, payoff));
        }
        // refresh_every: a win on a small sample of full trainings lifts the repeat limit only for k brackets at a time
        Predicate<List<double[]>> smallSample = curves -> settings.refreshEvery() > 0
            && !payoff.winRests(curves, settings.refreshBelow());
        Predicate<List<double[]>> refreshDue = curves -> smallSample.test(curves)
            && engine.largestInARow() >= settings.refreshEvery() && realized.applyAsInt(curves) > 0;
        // spend_race: a governor over every check below, reading the engine's brackets alone (SpendRace)
        RaceLedger ledger = settings.spendRace() < 0 ? null : new RaceLedger(engine);
        IntPredicate raceAllows = s -> ledger == null
            || SpendRace.allows(ledger, s, settings.spendRace(), settings.raceTrailing(), settings.raceOutlook());
        // the largest bracket pays on this evidence: its own winners win, or replaying it beats full trainings
        Predicate<List<double[]>> largestPaysOn = curves -> {
            int winners = realized.applyAsInt(curves);
            return winners > 0 || payoff.pays(curves, sMax, winners == 0);
        };
        IntPredicate allowed = s -> {
            if (!raceAllows.test(s)) {
                return false;
            }
            List<double[]> curves = evidence.curves();
            if (s < sMax) {
                // a refresh is due: full trainings, the only bracket whose configurations join the sample
                return !refreshDue.test(curves) && payoff.pays(curves, s);
            }
            return !largestHeld.getAsBoolean() && largestPaysOn.test(curves);
        };
        // ranked_halving: where the full trainings' values at a bracket's rungs rank their best finals, it starts
        // whatever the checks above say, up to k halving brackets in a row (RankedHalving); ranked_chance: only on an
        // order beyond chance (RankedChance)
        RankedHalving ranked = RankedHalving.of(engine.plan(), settings);
        // its guard: where main's own check says the largest bracket pays (or its winners win), main's checks decide
        // alone, refreshes included (longcurves, issue 13 session 33)
        BooleanSupplier largestPays = () -> largestPaysOn.test(evidence.curves());
        engine.checkBrackets(ranked == null ? allowed
            : s -> ranked.starts(engine, evidence.curves(), s, largestPays) || allowed.test(s));
        if (ranked != null) {
            engine.rankingGuard = inner -> new RankedPromotion(inner, ranked, evidence::curves, largestPays);
        }
        // the screening rule on thin evidence (thin_margin) starts the largest bracket where an iteration begins or
        // repeats it, but does not cut full trainings short: they are what brings the evidence up to the other checks
        // (cutting them kept the evidence thin and the thin rule deciding: crossing 13100-13119, 1 worker, 0.01375 at
        // 100 % against random search's 0.01252, 0.01252 without the cut; docs/benchmarks/s15.md, issue 13 session 15,
        // s15-hb2)
        BracketPayoff cutCheck = thinMargin < 0 ? payoff
            : new BracketPayoff(engine.plan(), settings.withThinMargin(-1));
        Predicate<List<double[]>> cutsForLargest = curves -> {
            if (largestHeld.getAsBoolean() || !raceAllows.test(sMax)) {
                return false;
            }
            int winners = realized.applyAsInt(curves);
            return winners > 0 || cutCheck.pays(curves, sMax, winners == 0);
        };
        if (earlyMargin >= 0 || thinMargin >= 0 || realizedShare >= 0) {
            long[] looked = {-1};
            engine.reviseFullTrainings(() -> {
                if (evidence.version() == looked[0] && settings.spendRace() < 0) {
                    // nothing new since the last look, which kept the full trainings going; not with spend_race,
                    // whose verdict also reads the trainings issued since (a look skipped here but taken after a
                    // resume, which forgets looked, gave different ids: 4 workers restored before every request)
                    return false;
                }
                looked[0] = evidence.version();
                List<double[]> curves = evidence.curves();
                if (smallSample.test(curves) && engine.largestInARowBeforeLatest() >= settings.refreshEvery()
                    && realized.applyAsInt(curves) > 0) {
                    return false; // the refresh: these full trainings grow the sample the winners are judged on
                }
                boolean thin = payoff.thin(curves, sMax);
                if (!thin && (settings.recheckAll()
                    || engine.anyInFlight() && payoff.thin(evidence.previousCurves(), sMax))) {
                    // the evidence has just become enough for every check: one look through all of them (before, a
                    // bracket of full trainings started on thin evidence ran to its end first: up to 4 more trainings);
                    // only while other trials train (several workers): with one worker it gained at a third of the
                    // budget but lost at the full budget on held-out seeds (issue 13 session 13). With recheckAll, a
                    // look through all of them at every change of the evidence, with any number of workers: a bracket
                    // of full trainings no longer runs to its end after the checks would pass (issue 13 session 18)
                    for (int s = sMax; s > 0; s--) {
                        if (allowed.test(s)) {
                            return true;
                        }
                    }
                    return false;
                }
                if (thin && engine.largestInARowBeforeLatest() >= THIN_RUN) {
                    return false; // after a run of largest brackets on thin evidence the full trainings add evidence
                }
                return (thin || realized.applyAsInt(curves) > 0) && cutsForLargest.test(curves);
            });
        }
        BooleanSupplier rankedRestart = () -> ranked != null
            && ranked.restarts(engine, evidence.curves(), largestPays);
        if (repeatLargest < 0 && ranked != null) {
            engine.restartAtLargest(rankedRestart);
        }
        if (repeatLargest >= 0) {
            engine.restartAtLargest(() -> rankedRestart.getAsBoolean() || repeatsLargest(engine, settings, evidence,
                payoff, largestHeld, raceAllows, realized, refreshDue));
        }
    }

    /** {@code repeat_largest}: whether the iteration starts again at the largest bracket instead of going on. */
    private static boolean repeatsLargest(BracketEngine engine, PayoffSettings settings, PayoffEvidence evidence,
                                          BracketPayoff payoff, BooleanSupplier largestHeld, IntPredicate raceAllows,
                                          ToIntFunction<List<double[]>> realized,
                                          Predicate<List<double[]>> refreshDue) {
        int sMax = engine.plan().sMax();
        double repeatLargest = settings.repeatLargest();
        if (largestHeld.getAsBoolean() || !raceAllows.test(sMax)) {
            return false;
        }
        List<double[]> curves = evidence.curves();
        int winners = realized.applyAsInt(curves);
        if (refreshDue.test(curves)) {
            return false; // refresh_every: full trainings now, then the win is judged again on more of them
        }
        if (winners > 0) {
            // a win lifts the repeat limit only when it rests on enough full trainings (realized_floor)
            return payoff.winRests(curves, settings.realizedFloor()) || engine.largestInARow() < THIN_RUN;
        }
        if (winners < 0 && !settings.repeatLosing()) {
            // the winners lose: repeated back to back, the largest bracket adds no full trainings, so the
            // evidence and the verdicts below stay as they are (crossing 13603, 4 workers: 20 largest brackets
            // on the same 12 full trainings, 0.02439 -> 0.07317 at 100 %; docs/benchmarks/s16.md, issue 13
            // session 16)
            return false;
        }
        if (!payoff.pays(curves, sMax, winners == 0)
            || payoff.screenGain(payoff.usable(curves, sMax), sMax) < repeatLargest) {
            return false;
        }
        // on fewer trainings than the other checks need, full trainings must come now and then to add evidence
        return !payoff.thin(curves, sMax) || engine.largestInARow() < THIN_RUN;
    }
}
