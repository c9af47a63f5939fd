package dev.tunerd.tuners.hyperband;

import dev.tunerd.tuners.common.Normal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleSupplier;

/**
 * Whether a bracket of successive halving is worth its epochs, judged on the full trainings of new configurations so
 * far (the rank check's evidence: each one's value at the budgets of the largest bracket, then its final value). The
 * bracket is replayed on that evidence: {@code n} configurations drawn from the evidence (with replacement; a training
 * drawn more than once is one configuration, since issue 13 session 15), halved round by round on their recorded
 * values at the bracket's budgets, the best final value among the survivors of its last round is its outcome. The
 * same epochs spent on full trainings instead ({@code cost} = the bracket's epochs over {@code R}, usually fractional)
 * give the expected best of {@code cost} draws of the final values, exactly. The bracket runs when its mean outcome
 * over {@value #DRAWS} replays is better (smaller loss) than that by at least {@code margin} standard deviations of the
 * final values.
 *
 * <p>Unlike Kendall's tau over all configurations, this weighs what halving decides (whether the good ones survive,
 * the cost of the bracket, how many it screens): where early ranks only roughly agree with the final ones but the
 * best keep ahead (long power-law curves) a large bracket still pays; where the early leaders fall behind it does not.
 * A pure function of the evidence and {@code s} (the replays draw from a generator seeded by both), so a resumed
 * advisor decides as the killed one did. Cost: {@value #DRAWS} replays of O(N log N) on the evidence's N curves, plus
 * drawing the bracket's {@code n} configurations (fewer replays for very large brackets). Its settings are fixed;
 * since issue 13 session 24 it keeps the last answer of {@link #pays}, {@link #screenGain} and {@link #outcome} with
 * the values it read, to give it again while they are the same, and {@link #screenGain}'s normal draws ({@link
 * CopulaDraws}): the same answers, computed once. Since session 35 a new evidence reuses what the last one computed
 * where it is the same: the normal scores of a column with the same values ({@link CopulaFit}), and each replay's
 * survivors while its cuts still hold on the new correlations ({@link ReplayHalving}); every answer is unchanged.
 * Not thread-safe.
 */
final class BracketPayoff {
    /** Replays per decision (fewer when a bracket starts more than {@link #DRAW_BUDGET} / DRAWS configurations). */
    static final int DRAWS = 256;
    private static final int DRAW_BUDGET = 1 << 20;

    private final BracketPlan plan;
    private final double margin;
    private final int minCurves;
    private final double screenMargin;
    private final double earlyMargin;
    private final double thinMargin;
    private final double firmMargin;
    /** The last answer of {@link #pays} per bracket and early start, of {@link #screenGain} and {@link #outcome}. */
    private final Map<Integer, Answer> verdicts = new HashMap<>();
    private final Map<Integer, Answer> gains = new HashMap<>();
    private final Map<Integer, Answer> outcomes = new HashMap<>();
    private final CopulaDraws draws = new CopulaDraws();
    /** Per bracket, the expected best of its cost in full trainings (standard normal units); NaN until computed. */
    private final double[] fullTrainingsBest;
    /** The copula's fit to the evidence, and the replays' later rounds, each kept from one look to the next. */
    private final CopulaFit copula = new CopulaFit();
    private final ReplayHalving halving;

    /** An answer and the values it was computed from ({@link #columns}). */
    private record Answer(double[] evidence, double value) {
    }

    /**
     * Full trainings from which a clear screening gain lets the largest bracket start ({@link #pays}, {@code
     * earlyMargin}); the other checks need {@code minCurves}.
     */
    static final int EARLY_CURVES = 4;

    /**
     * @param settings the check's margins ({@link PayoffSettings}): {@code margin} (standard deviations of the final
     *                 values by which the replay must beat full trainings); {@code screenMargin} (below 0: the replay
     *                 alone decides; else the screening model decides, {@link #screenGain}, and the replay only vetoes
     *                 a bracket that loses to full trainings on the evidence itself); {@code earlyMargin} (below 0:
     *                 off; else the largest bracket also starts when its screening gain is at least this, without the
     *                 replay's consent and from {@value #EARLY_CURVES} usable trainings on); {@code thinMargin} (below
     *                 0: off; else on {@value #EARLY_CURVES} to {@code minCurves - 1} usable trainings the largest
     *                 bracket also starts when its screening gain is at least this and the replay does not lose, issue
     *                 13 session 15); {@code firmMargin} (below 0: off; else the early start's margin from {@value
     *                 EarlyStartMargin#FIRM_CURVES} usable trainings on, {@link EarlyStartMargin}). A bracket that
     *                 halves needs {@link BracketTuner#MIN_PAYOFF_CURVES} full trainings with values at every budget
     *                 it halves at ({@code minCurves})
     */
    BracketPayoff(BracketPlan plan, PayoffSettings settings) {
        this.plan = plan;
        this.halving = new ReplayHalving(plan);
        this.firmMargin = settings.firmMargin();
        this.margin = settings.margin();
        this.minCurves = BracketTuner.MIN_PAYOFF_CURVES;
        this.screenMargin = settings.screenMargin();
        this.earlyMargin = settings.earlyMargin();
        this.thinMargin = settings.thinMargin();
        this.fullTrainingsBest = new double[plan.sMax() + 1];
        Arrays.fill(fullTrainingsBest, Double.NaN);
    }

    /** Whether fewer than {@code minCurves} trainings have values at every budget bracket {@code s} halves at. */
    boolean thin(List<double[]> curves, int s) {
        return usable(curves, s).size() < minCurves;
    }

    /**
     * Whether bracket {@code s} pays on {@code curves} (each: values at the largest bracket's rungs 0 .. sMax-1, then
     * the final value, as losses; NaN where a value never arrived). Bracket 0 always does. With {@code earlyMargin}
     * set, the largest bracket also pays when its screening gain ({@link #screenGain}) is at least that, on at least
     * {@value #EARLY_CURVES} usable trainings and whatever the replay says: the replay cannot tell from a handful of
     * trainings whether the best would survive, and a gain that large was not seen where curves cross.
     */
    boolean pays(List<double[]> curves, int s) {
        return pays(curves, s, true);
    }

    /** As {@link #pays(List, int)}; {@code earlyAllowed} false: without the early start ({@code earlyMargin}). */
    boolean pays(List<double[]> curves, int s, boolean earlyAllowed) {
        if (s == 0) {
            return true;
        }
        List<double[]> usable = usable(curves, s);
        return remembered(verdicts, 2 * s + (earlyAllowed ? 1 : 0), columns(usable, s),
            () -> decide(usable, s, earlyAllowed) ? 1 : 0) != 0;
    }

    /**
     * The answer kept in {@code answers} under {@code key} when it was computed from the same {@code evidence}
     * ({@link #columns}); otherwise {@code compute}'s, kept in its place.
     */
    private static double remembered(Map<Integer, Answer> answers, int key, double[] evidence, DoubleSupplier compute) {
        Answer known = answers.get(key);
        if (known != null && Arrays.equals(known.evidence, evidence)) {
            return known.value;
        }
        double value = compute.getAsDouble();
        answers.put(key, new Answer(evidence, value));
        return value;
    }

    /**
     * The values of {@code usable} a decision on bracket {@code s} reads, column by column (its rungs, then the final
     * value): what {@link #pays} and {@link #screenGain} are a function of, so an answer is given again while they
     * are the same.
     */
    private double[] columns(List<double[]> usable, int s) {
        int m = usable.size();
        int sMax = plan.sMax();
        double[] out = new double[(s + 1) * m];
        for (int j = 0; j <= s; j++) {
            int col = j < s ? sMax - s + j : sMax;
            for (int r = 0; r < m; r++) {
                out[j * m + r] = usable.get(r)[col];
            }
        }
        return out;
    }

    private boolean decide(List<double[]> usable, int s, boolean earlyAllowed) {
        int sMax = plan.sMax();
        int n = usable.size();
        // a clear screening gain: the largest starts
        boolean early = earlyAllowed && (earlyMargin >= 0 || thinMargin >= 0) && s == sMax;
        if (n < (early ? Math.min(EARLY_CURVES, minCurves) : minCurves)) {
            return false;
        }
        double gain = early || screenMargin >= 0 ? screenGain(usable, s) : Double.NaN;
        if (early && earlyMargin >= 0 && gain >= EarlyStartMargin.required(earlyMargin, firmMargin, n)) {
            return true; // a gain that large is not seen where early leaders fall behind (docs/benchmarks/s09.md, session 9)
        }
        boolean thinRule = n < minCurves && early && thinMargin >= 0 && gain >= thinMargin;
        if (n < minCurves && !thinRule) {
            return false;
        }
        double[] finals = new double[n];
        for (int j = 0; j < n; j++) {
            finals[j] = usable.get(j)[sMax];
        }
        if (thinRule) {
            return outcome(usable, s) <= expectedBest(finals, cost(s));
        }
        if (screenMargin >= 0) {
            return gain >= screenMargin && outcome(usable, s) <= expectedBest(finals, cost(s));
        }
        return outcome(usable, s) <= expectedBest(finals, cost(s)) - margin * deviation(finals);
    }

    /**
     * What screening buys beyond the evidence, from a Gaussian copula fitted to it: each training's values at the
     * bracket's rungs and its final value become normal scores (ranks through the normal quantile), their correlation
     * matrix is estimated, and the bracket is replayed on {@code n} configurations drawn from that multivariate normal
     * (halved on their rung scores, outcome: the best final score among the survivors), so a bracket that screens more
     * configurations than the evidence holds is credited with the tail it reaches, as far as the early scores
     * predict the final ones. Full trainings with the same epochs give the expected best of {@code cost} standard
     * normal draws. Returns the difference in standard normal units (positive: the bracket is better).
     */
    double screenGain(List<double[]> usable, int s) {
        double[] scores = columns(usable, s);
        return remembered(gains, s, scores, () -> replayedGain(scores, usable.size(), s));
    }

    /** {@link #screenGain} computed: {@code scores} holds the {@code m} usable trainings' values column by column. */
    private double replayedGain(double[] scores, int m, int s) {
        int d = s + 1;
        double[] lower = copula.lower(scores, m, d);
        int start = plan.configs(s, 0);
        int replays = Math.max(16, Math.min(DRAWS, DRAW_BUDGET / (start * d)));
        // each replay's first-round survivors with their draws (the first rung's score is the first draw times
        // lower[0], which is 1 whatever the evidence), then the later rungs on this evidence's correlations
        int keep = s == 0 ? start : Math.max(1, plan.configs(s, 1));
        long seed = 0x2545F4914F6CDD1DL * m + s;
        CopulaDraws.Replays e = draws.replays(seed, replays, start, d, keep, lower[0]);
        return -bestOfFullTrainings(s) - halving.sumOfBests(seed, e, s, lower) / replays;
    }

    /** {@link #expectedMaxOfNormals} of bracket {@code s}'s cost, computed once per bracket. */
    private double bestOfFullTrainings(int s) {
        if (Double.isNaN(fullTrainingsBest[s])) {
            fullTrainingsBest[s] = expectedMaxOfNormals(cost(s));
        }
        return fullTrainingsBest[s];
    }

    /**
     * What screening can buy at most: the gain of bracket {@code s} ({@link #screenGain}) when ranks at its rungs
     * agree perfectly with the final ones, i.e. the best of its starting configurations against the best of its cost
     * in full trainings, in standard normal units (1.27 for {@code R = 81}, 0.94 for 27, 0.69 for 20, {@code eta = 3}).
     */
    double potential(int s) {
        return expectedMaxOfNormals(plan.configs(s, 0)) - expectedMaxOfNormals(cost(s));
    }

    /** The expected largest of {@code m} (possibly fractional, at least 1) standard normal draws. */
    static double expectedMaxOfNormals(double m) {
        double out = 0;
        double h = 0.01;
        for (double t = -9; t <= 9; t += h) { // E max = integral of t m phi(t) Phi(t)^(m-1)
            out += t * m * Math.exp(-0.5 * t * t) / Math.sqrt(2 * Math.PI) * Math.pow(Normal.cdf(t), m - 1) * h;
        }
        return out;
    }

    /** The trainings of {@code curves} with a value at every budget bracket {@code s} halves at, and a final one. */
    List<double[]> usable(List<double[]> curves, int s) {
        return usable(curves, plan.sMax(), s);
    }

    /** As {@link #usable(List, int)}, for a plan whose largest bracket is {@code sMax} ({@link RankedHalving}). */
    static List<double[]> usable(List<double[]> curves, int sMax, int s) {
        List<double[]> usable = new ArrayList<>();
        for (double[] c : curves) {
            boolean ok = c.length == sMax + 1 && Double.isFinite(c[sMax]);
            for (int k = sMax - s; ok && k < sMax; k++) {
                ok = Double.isFinite(c[k]);
            }
            if (ok) {
                usable.add(c);
            }
        }
        return usable;
    }

    /**
     * What the largest bracket's own outcomes say ({@code realized_share}, issue 13 session 10): +1 when its winners
     * (the final values of its last rounds, as losses) beat the full trainings as the best of {@code c = cost(sMax)}
     * of them would, with margin {@code share}: the mean share of the full trainings' final values below a winner
     * (ties count half) is at most {@code share / (c + 1)} ({@code 1 / (c + 1)}: the expected share below the best
     * of {@code c} draws); -1 when it is more; 0 without a winner or with fewer than {@value #EARLY_CURVES} full
     * trainings. Where early leaders fall behind, the winner is one of them and ends among the full trainings' middle.
     */
    int realized(List<double[]> curves, List<Double> winners, double share) {
        return realized(curves, winners, share, 1);
    }

    /**
     * As {@link #realized(List, List, double)}, but a win resting on fewer than {@code minWinners} winners is no
     * verdict (0; {@code realized_winners}, issue 13 session 16): one winner of a bracket that is only as good as the
     * best of its cost in full trainings beats the threshold by chance about one time in three ({@code 1 - (1 -
     * share / (c + 1))^c}, 0.34 for {@code c = 4}), and on a {@code crossing} seed such a win repeated the largest
     * bracket. A loss counts from the first winner.
     */
    int realized(List<double[]> curves, List<Double> winners, double share, int minWinners) {
        int verdict = realizedVerdict(curves, winners, share);
        return verdict > 0 && winners.size() < minWinners ? 0 : verdict;
    }

    private int realizedVerdict(List<double[]> curves, List<Double> winners, double share) {
        double[] finals = finals(curves);
        if (winners.isEmpty() || finals.length < EARLY_CURVES) {
            return 0;
        }
        // each winner counts the finals below it (ties half) by a binary search in the sorted finals: the same
        // counts as comparing with every final, and sums of halves are exact in any order
        Arrays.sort(finals);
        double below = 0;
        for (double w : winners) {
            int lo = 0;
            int hi = finals.length;
            while (lo < hi) { // the first final not below w
                int mid = (lo + hi) >>> 1;
                if (finals[mid] < w) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            below += lo;
            for (int j = lo; j < finals.length && finals[j] == w; j++) {
                below += 0.5;
            }
        }
        below /= (double) winners.size() * finals.length;
        return below <= share / (cost(plan.sMax()) + 1) ? 1 : -1;
    }

    /**
     * Whether a win of the largest bracket's winners ({@link #realized} +1) rests on at least {@code floor} full
     * trainings (with a final value), so that it may lift the repeat limit of the largest bracket ({@code
     * realized_floor}, issue 13 session 15: on 5 full trainings of a {@code crossing} seed one winner that beat them
     * made the largest bracket repeat for the whole run). Below the floor a win still lets the bracket start, but
     * it repeats at most {@link PayoffChecks#THIN_RUN} times in a row, and full trainings then add evidence.
     */
    boolean winRests(List<double[]> curves, int floor) {
        return finals(curves).length >= floor;
    }

    /** The final values of the full trainings in {@code curves} that have one. */
    private double[] finals(List<double[]> curves) {
        int sMax = plan.sMax();
        double[] out = new double[curves.size()];
        int n = 0;
        for (double[] c : curves) {
            if (c.length == sMax + 1 && Double.isFinite(c[sMax])) {
                out[n++] = c[sMax];
            }
        }
        return Arrays.copyOf(out, n);
    }

    /** The bracket's epochs in full trainings (budget {@code R} each). */
    double cost(int s) {
        double epochs = 0;
        for (int i = 0; i <= s; i++) {
            epochs += (double) plan.configs(s, i) * plan.budget(s, i);
        }
        return epochs / plan.maxBudget();
    }

    /**
     * The mean best final value of bracket {@code s} replayed on {@code usable}. The bracket's {@code n} draws are
     * a set: a training drawn twice is one configuration, as in a real bracket, whose configurations are distinct.
     * Counted as copies (sessions 7-14), a training that led the early rungs took every place of a late round with
     * its copies whenever the evidence held fewer trainings than the bracket draws (81 from at most 100), so the
     * late, more telling rungs chose among one or two trainings instead of three or nine, and the replay lost the
     * trainings a late rung would have kept.
     */
    double outcome(List<double[]> usable, int s) {
        return remembered(outcomes, s, columns(usable, s), () -> EvidenceReplay.outcome(plan, usable, s,
            Math.max(16, Math.min(DRAWS, DRAW_BUDGET / plan.configs(s, 0)))));
    }

    /** The expected smallest of {@code m} (possibly fractional) draws with replacement from {@code values}. */
    static double expectedBest(double[] values, double m) {
        double[] v = values.clone();
        Arrays.sort(v);
        int n = v.length;
        double out = 0;
        for (int j = 0; j < n; j++) { // P(min = v[j]) = P(all >= v[j]) - P(all > v[j])
            out += v[j] * (Math.pow((double) (n - j) / n, m) - Math.pow((double) (n - j - 1) / n, m));
        }
        return out;
    }

    private static double deviation(double[] values) {
        double mean = Arrays.stream(values).average().orElse(0);
        double ss = 0;
        for (double v : values) {
            ss += (v - mean) * (v - mean);
        }
        return Math.sqrt(ss / values.length);
    }
}
