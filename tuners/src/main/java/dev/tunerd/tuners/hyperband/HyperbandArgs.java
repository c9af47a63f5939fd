package dev.tunerd.tuners.hyperband;

import static dev.tunerd.tuners.hyperband.ArgRanges.offOrWithin;
import static dev.tunerd.tuners.hyperband.ArgRanges.within;

import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.text.SafeText;
import java.util.function.Consumer;

/**
 * classArgs of {@code Hyperband}, with NNI's names and defaults. Immutable, thread-safe. In code, settings are built
 * with {@link #defaults()} and one {@code with...} method per key ({@code defaults().withR(81).withSeed(1L)}); the
 * canonical constructor is the classArgs parser's (every absent key null) and alone fills defaults and checks ranges.
 *
 * @param optimizeMode {@code optimize_mode}: {@code maximize} (default) or {@code minimize}
 * @param R            {@code R}: the largest budget ({@code TRIAL_BUDGET}) of a configuration, 1..1000000, default 60
 * @param eta          {@code eta}: keep the best 1/eta of a round, 2..1000, default 3
 * @param execMode     {@code exec_mode}: {@code parallelism} (default: start the next bracket when nothing is queued)
 *                     or {@code serial} (start it only when the current one issued its last round)
 * @param rankAgreement {@code rank_agreement} (a tunerd addition): -1 gives NNI's bracket order exactly (no check);
 *                     a value above -1 makes a bracket that halves start only when ranking at its budgets agrees that
 *                     well (Kendall's tau) with ranking at {@code R} on the full trainings so far (the rule of issue 13
 *                     session 6, {@link BracketTuner}); absent (null), the payoff check decides instead (see
 *                     {@code payoffMargin}), a departure from NNI (docs/benchmarks/s07.md, issue 13 session 7)
 * @param payoffMargin {@code payoff_margin} (a tunerd addition): when {@code rank_agreement} is absent, a bracket that
 *                     halves starts only when replaying it on the full trainings so far beats spending its epochs on
 *                     full trainings by this many standard deviations of their final values ({@link BracketPayoff});
 *                     0..10, default {@value #DEFAULT_PAYOFF_MARGIN}; ignored when {@code rank_agreement} is set
 * @param screenMargin {@code screen_margin} (a tunerd addition, issue 13 session 8): at 0 or more, the payoff check
 *                     credits a bracket with what screening its configurations buys beyond the evidence (a Gaussian
 *                     copula of rung and final values, {@link BracketPayoff#screenGain}): it starts when that gain over
 *                     full trainings is at least this many standard normal units and its replay does not lose
 *                     (default {@value #DEFAULT_SCREEN_MARGIN}); -1: the replay with {@code payoff_margin} alone
 *                     (session 7's rule)
 * @param repeatLargest {@code repeat_largest} (a tunerd addition, issue 13 session 8): at 0 or more, an iteration ends
 *                     early and the largest bracket starts again whenever it passes the payoff check with a screening
 *                     gain of at least this many units (default {@value #DEFAULT_REPEAT_LARGEST}); -1: NNI's order
 * @param earlyMargin  {@code early_margin} (a tunerd addition, issue 13 session 9): at 0 or more, the largest bracket
 *                     also starts, without the replay's consent, when its screening gain is at least this many units,
 *                     and it may do so from {@value BracketPayoff#EARLY_CURVES} full trainings on (the other checks
 *                     need 10); on fewer than 10 it is repeated at most {@value PayoffChecks#THIN_RUN} times in a row
 *                     before full trainings add evidence (default {@value #DEFAULT_EARLY_MARGIN}); -1: off (session 8's
 *                     rule)
 * @param realizedShare {@code realized_share} (a tunerd addition, issue 13 session 10): at 0 or more, the largest
 *                     bracket starts (and is repeated, on thin evidence too) while its own winners beat the full
 *                     trainings as the best of its cost in full trainings would, with this factor of margin: the mean
 *                     share of full trainings that ended better than a winner is at most {@code realized_share / (cost
 *                     + 1)} ({@link BracketPayoff#realized}); when they do not, the largest bracket no longer starts
 *                     early ({@code early_margin}). 0..1, default {@value #DEFAULT_REALIZED_SHARE}; -1: off (session
 *                     9's rule)
 * @param thinMargin   {@code thin_margin} (a tunerd addition, issue 13 session 15): at 0 or more, on 4-9 full
 *                     trainings the largest bracket also starts when its screening gain is at least this and its
 *                     replay does not lose to full trainings (the screening rule on thin evidence); it does not
 *                     cut a bracket of full trainings short (they bring the evidence up). -1 (off) or 0..10, default
 *                     {@value #DEFAULT_THIN_MARGIN} (off)
 * @param realizedFloor {@code realized_floor} (a tunerd addition, issue 13 session 15): the full trainings a win of
 *                     the largest bracket's winners ({@code realized_share}) must rest on before it lifts the
 *                     bracket's repeat limit; on fewer it repeats at most 3 times in a row. 4..100, default
 *                     {@value #DEFAULT_REALIZED_FLOOR} (sessions 10-15: a win on 4 lifts it)
 * @param realizedWinners {@code realized_winners} (a tunerd addition, issue 13 session 16): the largest bracket's
 *                     winners a win ({@code realized_share}) must rest on before it counts; with fewer it is no
 *                     verdict and the other checks decide (a loss counts from the first winner). 1..100, default
 *                     {@value #DEFAULT_REALIZED_WINNERS} (sessions 10-15's rule: one winner is enough)
 * @param repeatLosing {@code repeat_losing} (a tunerd addition, issue 13 session 16): true (sessions 10-16): while
 *                     the largest bracket's winners lose ({@code realized_share}) the screening gain ({@code
 *                     repeat_largest}) may still repeat it, on evidence that back-to-back largest brackets never add
 *                     to; false (default {@value #DEFAULT_REPEAT_LOSING} since session 17): then it is not repeated,
 *                     so the iteration goes on to brackets whose full trainings add evidence (docs/benchmarks/s16.md
 *                     and s17.md, issue 13 sessions 16 and 17)
 * @param separateStreams {@code separate_streams} (a tunerd addition, issue 13 session 17): true: full trainings of
 *                     new configurations draw from the seed's random stream alone, in order (random search's
 *                     configurations), and the brackets that halve draw theirs from a second stream, so a halving
 *                     bracket never takes a configuration away from the full trainings; false (sessions 6-16): one
 *                     stream for every bracket. Default {@value #DEFAULT_SEPARATE_STREAMS}
 * @param recheckAll   {@code recheck_all} (a tunerd addition, issue 13 session 18): true: while a bracket of full
 *                     trainings runs on evidence enough for every check (10 full trainings), every change of the
 *                     evidence is looked at through every check (largest bracket first), and a bracket that now pays
 *                     cuts the full trainings short; false (sessions 11-17): such a look only on thin evidence, when
 *                     the largest bracket's winners win, or once when the evidence has just become enough while other
 *                     trials train. Default {@value #DEFAULT_RECHECK_ALL}
 * @param holdForDecisions {@code hold_for_decisions} (a tunerd addition, issue 13 session 19): true: with several
 *                     workers, a worker that frees waits ({@code NO}, paid later) instead of starting a training longer
 *                     than the next round of a largest bracket whose round is in flight, and, while the evidence is
 *                     too thin for every check, instead of starting a new full training when a full training in flight
 *                     is at most the shortest budget from its end ({@link DecisionHold}); one worker never waits.
 *                     false: sessions 7-18. Default {@value #DEFAULT_HOLD_FOR_DECISIONS} (held out on {@code
 *                     longcurves} with 4 workers it met random search's final with a third of the epochs on one set
 *                     of 20 more, at the same {@code crossing} and {@code curves} cells; docs/benchmarks/s19.md, issue
 *                     13 session 19)
 * @param largestFirst {@code largest_first} (a tunerd addition, issue 13 session 20): true: the run opens with the
 *                     largest bracket, before any full training, when its potential (the screening gain with perfectly
 *                     agreeing ranks) is at least {@code early_margin} ({@link LargestFirst}; with {@code eta = 3},
 *                     {@code R} of 81 and more); the checks decide every bracket after it. false: sessions 7-19 (the
 *                     first halving bracket waits for full trainings). Default {@value #DEFAULT_LARGEST_FIRST}: on
 *                     {@code longcrossing} (crossing curves on 81 epochs) the opening costs random search's last full
 *                     trainings and its winner, beating the few full trainings after it, can repeat the largest
 *                     bracket to the end of the run; held out it put Hyperband above random search at 100 % on far
 *                     more sets than main (docs/benchmarks/s20.md, issue 13 session 20, follow-up)
 * @param firmMargin   {@code firm_margin} (a tunerd addition, issue 13 session 21): at 0 or more, the largest bracket's
 *                     early start ({@code early_margin}) asks this screening gain instead of {@code early_margin} once
 *                     {@value EarlyStartMargin#FIRM_CURVES} usable full trainings are in ({@link EarlyStartMargin}: on
 *                     four or five, a gain near the bracket's potential arises by chance where curves cross; from six on
 *                     it rarely does). -1 (off) or 0..10, default {@value #DEFAULT_FIRM_MARGIN}
 * @param chanceDepth  {@code chance_depth} (a tunerd addition, issue 13 session 22): at 1 or more, while fewer than
 *                     {@value EarlyStartMargin#FIRM_CURVES} usable full trainings are in and the largest bracket's
 *                     winners read so far give no win ({@code realized_share}), the largest bracket starts only when
 *                     fewer than this many largest brackets are still waiting for their winner's end: a pass of the
 *                     early start by chance (four trainings that happen to agree where curves cross) is paid at most
 *                     this many brackets deep before the first winner's verdict ({@link LargestHold}; with one worker
 *                     it changes nothing). -1 (off: sessions 9-21, a repeat limit of {@value PayoffChecks#THIN_RUN}
 *                     brackets started in a row on thin evidence) or 1..100, default {@value #DEFAULT_CHANCE_DEPTH}
 * @param winnerVeto   {@code winner_veto} (a tunerd addition, issue 13 session 22): true: a largest bracket's winner
 *                     that ended after the last issue (one worker: a decision reads the trainings and winners that
 *                     had ended by then) still vetoes the next largest bracket when, with it, the winners lose; false:
 *                     sessions 10-21. Default {@value #DEFAULT_WINNER_VETO}
 * @param refreshEvery {@code refresh_every} (a tunerd addition, issue 13 session 22): at {@code k} of 1 or more, while
 *                     the winners' win that lifts the largest bracket's repeat limit rests on fewer than {@code
 *                     refresh_below} full trainings, the limit comes back after {@code k} largest brackets in a row:
 *                     the iteration goes on down to a bracket of full trainings, which runs to its end, so the
 *                     sample the winners are judged against grows and the decision is made again on it
 *                     ({@link PayoffChecks}). -1 (off: sessions 15-23, a win on {@code realized_floor} trainings
 *                     lifts the limit for good) or 1..100, default {@value #DEFAULT_REFRESH_EVERY} (since session 24)
 * @param refreshBelow {@code refresh_below} (a tunerd addition, issue 13 session 22): the full trainings from which
 *                     {@code refresh_every} no longer applies; 5..100, default {@value #DEFAULT_REFRESH_BELOW}
 * @param waitForVerdict {@code wait_for_verdict} (a tunerd addition, issue 13 session 25): true: with several
 *                     workers, while the evidence is too thin for every check (fewer than {@value
 *                     BracketTuner#MIN_PAYOFF_CURVES} usable full trainings), a largest bracket started on it is still
 *                     waiting for its winner's end and the winners give no verdict yet ({@code realized_share}), a free
 *                     worker that would start a new bracket waits ({@code NO}, paid at a trial's end) instead of
 *                     starting another bracket on the same thin evidence ({@link VerdictWait}; with one worker it
 *                     changes nothing); false: sessions 9-24, the repeat limit of {@value PayoffChecks#THIN_RUN}
 *                     largest brackets in a row bounds such starts. Default {@value #DEFAULT_WAIT_FOR_VERDICT}
 * @param spendRace    {@code spend_race} (a tunerd addition, issue 13 session 26): at 0 or more, a race at equal spend
 *                     between the brackets that halve and the full trainings of new configurations governs every check
 *                     above ({@link SpendRace}): with {@code X} the smaller of the two arms' epochs whose results are
 *                     in, the best final value the halving brackets produced within their first {@code X} epochs is
 *                     weighed against the best the full trainings produced within theirs (the statistic that decides a
 *                     run is that maximum, not an average or a rank agreement); a halving bracket the checks would
 *                     start, restart or cut full trainings short for is allowed only while the halving brackets'
 *                     planned epochs, with it, stay within this many times the full trainings' issued epochs (while
 *                     they lead or no comparison can be made yet) or {@code race_trailing} times (while they trail);
 *                     otherwise the engine moves on, down to full trainings of random search's configurations. -1
 *                     (off: sessions 7-25) or 0..100, default {@value #DEFAULT_SPEND_RACE}
 * @param raceTrailing {@code race_trailing} (a tunerd addition, issue 13 session 26): the bound of {@code spend_race}
 *                     while the halving brackets trail the full trainings at equal spend; 0..100, default {@value
 *                     #DEFAULT_RACE_TRAILING}; read only with {@code spend_race} on
 * @param raceOutlook  {@code race_outlook} (a tunerd addition, issue 13 session 26): at 1 or more, the race of {@code
 *                     spend_race} judges the arms on the best each is expected to reach by a horizon of this many full
 *                     trainings' epochs, from the spread of its final values ({@link RaceOutlook}: a normal on the
 *                     pooled normal scores of each arm, its scale shrunk towards the pooled one; the expected best of
 *                     the horizon's draws), instead of the best each produced within equal spend; -1 (off) or
 *                     1..100000, default {@value #DEFAULT_RACE_OUTLOOK}; read only with {@code spend_race} on
 * @param promoteBy    {@code promote_by} (a tunerd addition, issue 13 session 29): what a round of successive halving
 *                     promotes by: {@code value} (NNI's rule: the value at the round's budget), {@code model}
 *                     (a final rank predicted from the parameters and that value, {@link FinalPredictor}) or {@code
 *                     auto} (the prediction only where it ranks the full trainings' finals better than their values do,
 *                     leave one out; the default since session 29's outside check, docs/benchmarks/s29-lead.md)
 * @param replayByModel {@code replay_by_model} (a tunerd addition, issue 13 session 29): with {@code promote_by} other
 *                     than value, true: the payoff checks replay a bracket on the full trainings' held-out predicted
 *                     scores where rounds promote by prediction (its own rule); default {@value #DEFAULT_REPLAY_BY_MODEL}
 * @param rankedHalving {@code ranked_halving} (a tunerd addition, issue 13 sessions 32-33, {@link RankedHalving},
 *                     {@link RankedPromotion}): -1 (off) or 1..100 halving brackets in a row where the full trainings'
 *                     rung values rank their finals, promoted by value, where main's own check does not halve;
 *                     default {@value RankedHalving#DEFAULT_RUN}
 * @param rankedChance {@code ranked_chance} (issue 13 session 35, {@link RankedChance}): -1 (off) or 0..1, default
 *                     {@value RankedChance#DEFAULT_ALPHA}: each rung's order must also be beyond chance for the rule
 * @param seed         {@code seed} (a tunerd addition): random seed; absent, one is drawn and logged
 */
public record HyperbandArgs(String optimizeMode, Integer R, Integer eta, String execMode, Double rankAgreement,
                            Double payoffMargin, Double screenMargin, Double repeatLargest, Double earlyMargin,
                            Double realizedShare, Double thinMargin, Integer realizedFloor, Integer realizedWinners,
                            Boolean repeatLosing, Boolean separateStreams, Boolean recheckAll,
                            Boolean holdForDecisions, Boolean largestFirst, Double firmMargin, Integer chanceDepth,
                            Boolean winnerVeto, Integer refreshEvery, Integer refreshBelow, Boolean waitForVerdict,
                            Double spendRace, Double raceTrailing, Double raceOutlook, String promoteBy,
                            Boolean replayByModel, Integer rankedHalving, Double rankedChance, Long seed) {

    /**
     * {@code payoff_margin} when the classArgs do not set it: chosen among 0.05, 0.1 and 0.2 on tuning seeds 400-419
     * and 500-519 as the one whose brackets departed least often from full trainings where curves cross, at a
     * similar gain on long curves (docs/benchmarks/s07.md, issue 13 session 7).
     */
    public static final double DEFAULT_PAYOFF_MARGIN = 0.2;

    /**
     * {@code screen_margin} when the classArgs do not set it: chosen with {@link #DEFAULT_REPEAT_LARGEST} on tuning
     * seeds 900-919 (1 worker) among 0.2 and 0.5 without repeats, and 0.5 with repeats at 0.5 and 1
     * (docs/benchmarks/s08.md, issue 13 session 8). -1 gives session 7's replay alone.
     */
    public static final double DEFAULT_SCREEN_MARGIN = 0.5;
    /** {@code repeat_largest} when the classArgs do not set it (-1: NNI's order of brackets in an iteration). */
    public static final double DEFAULT_REPEAT_LARGEST = 0.5;
    /** {@code early_margin} when the classArgs do not set it (docs/benchmarks/s09.md, issue 13 session 9). */
    public static final double DEFAULT_EARLY_MARGIN = 1.0;

    /**
     * {@code realized_share} when the classArgs do not set it: chosen between 0.5 and 1 on tuning seeds 5000-5019 and
     * 5100-5119 (1 worker; 1 repeated a halving bracket on a {@code curves} seed; docs/benchmarks/s10.md, issue 13).
     */
    public static final double DEFAULT_REALIZED_SHARE = 0.5;

    /**
     * {@code thin_margin} when the classArgs do not set it (-1: off; with 0.5 {@code crossing} ends above random search
     * on held-out sets, docs/benchmarks/s15.md and s16.md, issue 13 sessions 15 and 16).
     */
    public static final double DEFAULT_THIN_MARGIN = -1;
    /** {@code realized_floor} when the classArgs do not set it (4: sessions 10-15's rule). */
    public static final int DEFAULT_REALIZED_FLOOR = 4;
    /** {@code realized_winners} when the classArgs do not set it (1: sessions 10-15's rule; docs/benchmarks/). */
    public static final int DEFAULT_REALIZED_WINNERS = 1;

    /**
     * {@code repeat_losing} when the classArgs do not set it (false since issue 13 session 17, with {@code
     * separate_streams}: together they are at or below random search at the full budget on every held-out {@code
     * crossing} and {@code curves} set of that session; docs/benchmarks/s17.md, issue 13 session 17).
     */
    public static final boolean DEFAULT_REPEAT_LOSING = false;
    /** {@code separate_streams} when the classArgs do not set it (docs/benchmarks/s17.md, issue 13 session 17). */
    public static final boolean DEFAULT_SEPARATE_STREAMS = true;
    /** {@code recheck_all} when the classArgs do not set it (docs/benchmarks/s18.md, issue 13 session 18). */
    public static final boolean DEFAULT_RECHECK_ALL = false;
    /** {@code hold_for_decisions} when the classArgs do not set it (docs/benchmarks/s19.md, issue 13 session 19). */
    public static final boolean DEFAULT_HOLD_FOR_DECISIONS = true;
    /** {@code largest_first} when the classArgs do not set it: off since session 20 (docs/benchmarks/s20.md). */
    public static final boolean DEFAULT_LARGEST_FIRST = false;
    /**
     * {@code firm_margin} when the classArgs do not set it: 0.85, chosen on tuning seeds 19200-19399 among 0.8-0.9 by
     * the first look at which random search's first trainings would start the largest bracket (docs/benchmarks/s21.md,
     * issue 13 session 21); -1 gives sessions 9-20's single margin.
     */
    public static final double DEFAULT_FIRM_MARGIN = 0.85;
    /** {@code chance_depth} when the classArgs do not set it (-1: off; docs/benchmarks/s22.md, issue 13 session 22). */
    public static final int DEFAULT_CHANCE_DEPTH = -1;
    /** {@code winner_veto} when the classArgs do not set it (false; docs/benchmarks/s22.md, issue 13 session 22). */
    public static final boolean DEFAULT_WINNER_VETO = false;

    /**
     * {@code refresh_every} when the classArgs do not set it: 8 since session 24 (sessions 22-23: -1, off). It bounds the
     * loop of largest brackets on a win against a few full trainings and, on 800 held-out seeds of session 22 and the
     * lead's 200 untouched seeds of session 24, changes no run but such loops (docs/benchmarks/s24.md, issue 13).
     */
    public static final int DEFAULT_REFRESH_EVERY = 8;
    /** {@code refresh_below} when the classArgs do not set it: 15 since session 24, with {@code refresh_every} 8. */
    public static final int DEFAULT_REFRESH_BELOW = 15;
    /** {@code wait_for_verdict} when the classArgs do not set it (false; docs/benchmarks/s25.md, issue 13 session 25). */
    public static final boolean DEFAULT_WAIT_FOR_VERDICT = false;
    /** {@code spend_race} when the classArgs do not set it (-1: off; docs/benchmarks/s26.md, issue 13 session 26). */
    public static final double DEFAULT_SPEND_RACE = 2;
    /** {@code race_trailing} when the classArgs do not set it (docs/benchmarks/s26.md, issue 13 session 26). */
    public static final double DEFAULT_RACE_TRAILING = 0.25;
    /** {@code race_outlook} when the classArgs do not set it (-1: off; docs/benchmarks/s26.md, issue 13 session 26). */
    public static final double DEFAULT_RACE_OUTLOOK = -1;
    /** {@code promote_by} when the classArgs do not set it (docs/benchmarks/s29-hbmodel.md, issue 13 session 29). */
    public static final String DEFAULT_PROMOTE_BY = "auto";
    /** {@code replay_by_model} when the classArgs do not set it (docs/benchmarks/s29-hbmodel.md). */
    public static final boolean DEFAULT_REPLAY_BY_MODEL = false;

    public HyperbandArgs {
        optimizeMode = optimizeMode == null ? "maximize" : optimizeMode;
        if (!optimizeMode.equals("maximize") && !optimizeMode.equals("minimize")) {
            throw new IllegalArgumentException("optimize_mode must be \"maximize\" or \"minimize\", got \""
                + optimizeMode + "\"");
        }
        R = R == null ? 60 : R;
        if (R < 1 || R > 1_000_000) {
            throw new IllegalArgumentException("R must be between 1 and 1000000, got " + R);
        }
        eta = within("eta", eta == null ? 3 : eta, 2, 1000);
        if (rankAgreement != null && !(rankAgreement >= -1 && rankAgreement <= 1)) {
            throw new IllegalArgumentException("rank_agreement must be between -1 and 1, got " + rankAgreement);
        }
        payoffMargin = payoffMargin == null ? DEFAULT_PAYOFF_MARGIN : payoffMargin;
        screenMargin = screenMargin == null ? DEFAULT_SCREEN_MARGIN : screenMargin;
        repeatLargest = offOrWithin("repeat_largest",
            repeatLargest == null ? DEFAULT_REPEAT_LARGEST : repeatLargest, 0, 10);
        earlyMargin = offOrWithin("early_margin", earlyMargin == null ? DEFAULT_EARLY_MARGIN : earlyMargin, 0, 10);
        realizedShare = offOrWithin("realized_share",
            realizedShare == null ? DEFAULT_REALIZED_SHARE : realizedShare, 0, 1);
        thinMargin = offOrWithin("thin_margin", thinMargin == null ? DEFAULT_THIN_MARGIN : thinMargin, 0, 10);
        realizedFloor = within("realized_floor",
            realizedFloor == null ? DEFAULT_REALIZED_FLOOR : realizedFloor, 4, 100);
        realizedWinners = within("realized_winners",
            realizedWinners == null ? DEFAULT_REALIZED_WINNERS : realizedWinners, 1, 100);
        repeatLosing = repeatLosing == null ? DEFAULT_REPEAT_LOSING : repeatLosing;
        separateStreams = separateStreams == null ? DEFAULT_SEPARATE_STREAMS : separateStreams;
        recheckAll = recheckAll == null ? DEFAULT_RECHECK_ALL : recheckAll;
        holdForDecisions = holdForDecisions == null ? DEFAULT_HOLD_FOR_DECISIONS : holdForDecisions;
        largestFirst = largestFirst == null ? DEFAULT_LARGEST_FIRST : largestFirst;
        firmMargin = offOrWithin("firm_margin", firmMargin == null ? DEFAULT_FIRM_MARGIN : firmMargin, 0, 10);
        chanceDepth = offOrWithin("chance_depth", chanceDepth == null ? DEFAULT_CHANCE_DEPTH : chanceDepth, 1, 100);
        winnerVeto = winnerVeto == null ? DEFAULT_WINNER_VETO : winnerVeto;
        refreshEvery = offOrWithin("refresh_every",
            refreshEvery == null ? DEFAULT_REFRESH_EVERY : refreshEvery, 1, 100);
        refreshBelow = within("refresh_below", refreshBelow == null ? DEFAULT_REFRESH_BELOW : refreshBelow, 5, 100);
        waitForVerdict = waitForVerdict == null ? DEFAULT_WAIT_FOR_VERDICT : waitForVerdict;
        spendRace = offOrWithin("spend_race", spendRace == null ? DEFAULT_SPEND_RACE : spendRace, 0, 100);
        raceTrailing = within("race_trailing", raceTrailing == null ? DEFAULT_RACE_TRAILING : raceTrailing, 0, 100);
        raceOutlook = offOrWithin("race_outlook", raceOutlook == null ? DEFAULT_RACE_OUTLOOK : raceOutlook, 1, 100000);
        promoteBy = promoteBy == null ? DEFAULT_PROMOTE_BY : promoteBy;
        if (FinalPredictor.Mode.of(promoteBy) == null) {
            throw new IllegalArgumentException("promote_by must be \"value\", \"model\" or \"auto\", got \""
                + SafeText.of(promoteBy) + "\"");
        }
        replayByModel = replayByModel == null ? DEFAULT_REPLAY_BY_MODEL : replayByModel;
        rankedHalving = offOrWithin("ranked_halving", rankedHalving == null ? RankedHalving.DEFAULT_RUN : rankedHalving,
            1, 100);
        rankedChance = offOrWithin("ranked_chance",
            rankedChance == null ? RankedChance.DEFAULT_ALPHA : rankedChance, 0, 1);
        offOrWithin("screen_margin", screenMargin, 0, 10);
        within("payoff_margin", payoffMargin, 0, 10);
        execMode = execMode == null ? "parallelism" : execMode;
        if (!execMode.equals("parallelism") && !execMode.equals("serial")) {
            throw new IllegalArgumentException("exec_mode must be \"parallelism\" or \"serial\", got \"" + execMode
                + "\"");
        }
    }

    /**
     * The settings of classArgs {@code {}}: NNI's defaults and tunerd's for every key, as the classArgs parser binds an
     * empty object (every component absent). Change keys with the {@code with...} methods, named after the components
     * ({@code defaults().withR(81).withPayoffMargin(0.5)}); each one validates through the canonical constructor. A
     * wither gives what the parser gives for the same keys because no default here depends on another key (BOHB's and
     * ASHA's {@code max_budget} does, which is why {@code BohbArgs} and {@code AshaArgs} have builders instead).
     */
    public static HyperbandArgs defaults() {
        return new HyperbandArgsDraft().build();
    }

    /** These settings with {@code optimize_mode} set (null: its default, as when the classArgs omit it). */
    public HyperbandArgs withOptimizeMode(String optimizeMode) {
        return edit(d -> d.optimizeMode = optimizeMode);
    }

    /** These settings with {@code R} set (null: its default, as when the classArgs omit it). */
    public HyperbandArgs withR(Integer R) {
        return edit(d -> d.R = R);
    }

    /** These settings with {@code eta} set (null: its default, as when the classArgs omit it). */
    public HyperbandArgs withEta(Integer eta) {
        return edit(d -> d.eta = eta);
    }

    /** These settings with {@code exec_mode} set (null: its default, as when the classArgs omit it). */
    public HyperbandArgs withExecMode(String execMode) {
        return edit(d -> d.execMode = execMode);
    }

    /** These settings with {@code rank_agreement} set (null: its default, as when the classArgs omit it). */
    public HyperbandArgs withRankAgreement(Double rankAgreement) {
        return edit(d -> d.rankAgreement = rankAgreement);
    }

    /** These settings with {@code payoff_margin} set (null: its default, as when the classArgs omit it). */
    public HyperbandArgs withPayoffMargin(Double payoffMargin) {
        return edit(d -> d.payoffMargin = payoffMargin);
    }

    /** These settings with {@code screen_margin} set (null: its default, as when the classArgs omit it). */
    public HyperbandArgs withScreenMargin(Double screenMargin) {
        return edit(d -> d.screenMargin = screenMargin);
    }

    /** These settings with {@code repeat_largest} set (null: its default, as when the classArgs omit it). */
    public HyperbandArgs withRepeatLargest(Double repeatLargest) {
        return edit(d -> d.repeatLargest = repeatLargest);
    }

    /** These settings with {@code early_margin} set (null: its default, as when the classArgs omit it). */
    public HyperbandArgs withEarlyMargin(Double earlyMargin) {
        return edit(d -> d.earlyMargin = earlyMargin);
    }

    /** These settings with {@code realized_share} set (null: its default, as when the classArgs omit it). */
    public HyperbandArgs withRealizedShare(Double realizedShare) {
        return edit(d -> d.realizedShare = realizedShare);
    }

    /** These settings with {@code thin_margin} set (null: its default, as when the classArgs omit it). */
    public HyperbandArgs withThinMargin(Double thinMargin) {
        return edit(d -> d.thinMargin = thinMargin);
    }

    /** These settings with {@code realized_floor} set (null: its default, as when the classArgs omit it). */
    public HyperbandArgs withRealizedFloor(Integer realizedFloor) {
        return edit(d -> d.realizedFloor = realizedFloor);
    }

    /** These settings with {@code realized_winners} set (null: its default, as when the classArgs omit it). */
    public HyperbandArgs withRealizedWinners(Integer realizedWinners) {
        return edit(d -> d.realizedWinners = realizedWinners);
    }

    /** These settings with {@code repeat_losing} set (null: its default, as when the classArgs omit it). */
    public HyperbandArgs withRepeatLosing(Boolean repeatLosing) {
        return edit(d -> d.repeatLosing = repeatLosing);
    }

    /** These settings with {@code separate_streams} set (null: its default, as when the classArgs omit it). */
    public HyperbandArgs withSeparateStreams(Boolean separateStreams) {
        return edit(d -> d.separateStreams = separateStreams);
    }

    /** These settings with {@code recheck_all} set (null: its default, as when the classArgs omit it). */
    public HyperbandArgs withRecheckAll(Boolean recheckAll) {
        return edit(d -> d.recheckAll = recheckAll);
    }

    /** These settings with {@code hold_for_decisions} set (null: its default, as when the classArgs omit it). */
    public HyperbandArgs withHoldForDecisions(Boolean holdForDecisions) {
        return edit(d -> d.holdForDecisions = holdForDecisions);
    }

    /** These settings with {@code largest_first} set (null: its default, as when the classArgs omit it). */
    public HyperbandArgs withLargestFirst(Boolean largestFirst) {
        return edit(d -> d.largestFirst = largestFirst);
    }

    /** These settings with {@code firm_margin} set (null: its default, as when the classArgs omit it). */
    public HyperbandArgs withFirmMargin(Double firmMargin) {
        return edit(d -> d.firmMargin = firmMargin);
    }

    /** These settings with {@code chance_depth} set (null: its default, as when the classArgs omit it). */
    public HyperbandArgs withChanceDepth(Integer chanceDepth) {
        return edit(d -> d.chanceDepth = chanceDepth);
    }

    /** These settings with {@code winner_veto} set (null: its default, as when the classArgs omit it). */
    public HyperbandArgs withWinnerVeto(Boolean winnerVeto) {
        return edit(d -> d.winnerVeto = winnerVeto);
    }

    /** These settings with {@code refresh_every} set (null: its default, as when the classArgs omit it). */
    public HyperbandArgs withRefreshEvery(Integer refreshEvery) {
        return edit(d -> d.refreshEvery = refreshEvery);
    }

    /** These settings with {@code refresh_below} set (null: its default, as when the classArgs omit it). */
    public HyperbandArgs withRefreshBelow(Integer refreshBelow) {
        return edit(d -> d.refreshBelow = refreshBelow);
    }

    /** These settings with {@code wait_for_verdict} set (null: its default, as when the classArgs omit it). */
    public HyperbandArgs withWaitForVerdict(Boolean waitForVerdict) {
        return edit(d -> d.waitForVerdict = waitForVerdict);
    }

    /** These settings with {@code spend_race} set (null: its default, as when the classArgs omit it). */
    public HyperbandArgs withSpendRace(Double spendRace) {
        return edit(d -> d.spendRace = spendRace);
    }

    /** These settings with {@code race_trailing} set (null: its default, as when the classArgs omit it). */
    public HyperbandArgs withRaceTrailing(Double raceTrailing) {
        return edit(d -> d.raceTrailing = raceTrailing);
    }

    /** These settings with {@code race_outlook} set (null: its default, as when the classArgs omit it). */
    public HyperbandArgs withRaceOutlook(Double raceOutlook) {
        return edit(d -> d.raceOutlook = raceOutlook);
    }

    /** These settings with {@code promote_by} set (null: its default, as when the classArgs omit it). */
    public HyperbandArgs withPromoteBy(String promoteBy) {
        return edit(d -> d.promoteBy = promoteBy);
    }

    /** These settings with {@code replay_by_model} set (null: its default, as when the classArgs omit it). */
    public HyperbandArgs withReplayByModel(Boolean replayByModel) {
        return edit(d -> d.replayByModel = replayByModel);
    }

    /** These settings with {@code ranked_halving} set (null: its default, as when the classArgs omit it). */
    public HyperbandArgs withRankedHalving(Integer rankedHalving) {
        return edit(d -> d.rankedHalving = rankedHalving);
    }

    /** These settings with {@code ranked_chance} set (null: its default, as when the classArgs omit it). */
    public HyperbandArgs withRankedChance(Double rankedChance) {
        return edit(d -> d.rankedChance = rankedChance);
    }

    /** These settings with {@code seed} set (null: its default, as when the classArgs omit it). */
    public HyperbandArgs withSeed(Long seed) {
        return edit(d -> d.seed = seed);
    }

    /** These settings with one change made to a copy of their components, validated as a new record. */
    private HyperbandArgs edit(Consumer<HyperbandArgsDraft> change) {
        HyperbandArgsDraft d = new HyperbandArgsDraft(this);
        change.accept(d);
        return d.build();
    }

    public OptimizeMode mode() {
        return optimizeMode.equals("maximize") ? OptimizeMode.MAXIMIZE : OptimizeMode.MINIMIZE;
    }
}
