package dev.tunerd.simulator.fidelity;

import dev.tunerd.simulator.bench.RegretStats;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The paired reading of issue 13's Hyperband target: every contender's runs against Random's on the same seeds (a
 * full-training contender draws random search's configurations in order from the same seed). Per contender, the
 * mean per-seed difference (contender minus Random's regret at 100 %) with a percentile bootstrap 95 % interval
 * ({@link PairedBootstrap}), that mean as a percentage of Random's mean final regret, the seeds worse / better /
 * equal ({@code |difference| <= 1e-12}), and, over consecutive sets of seeds, the sets whose mean is at or below
 * Random's final. The same at a third of the budget against Random's 100 % (the "a third of the epochs"),
 * where the runs recorded it. Seeds where either side had no incumbent yet are left out of the pairs and counted.
 */
final class PairedWithRandom {
    /** Differences this close to zero count as equal. */
    static final double EQUAL = 1e-12;
    private static final int FULL = 2;
    private static final int THIRD = 3;

    /**
     * One contender's paired reading at one checkpoint against Random's final.
     *
     * @param pairs  seeds where both had an incumbent
     * @param mean   mean per-seed difference (contender minus Random)
     * @param ci     percentile bootstrap 95 % interval of that mean
     * @param worse  seeds where the contender's regret is above Random's by more than {@link #EQUAL}
     * @param better seeds where it is below by more than {@link #EQUAL}
     * @param equal  the rest of the pairs
     * @param atOrBelow sets whose contender mean is at or below Random's mean final on the same seeds
     * @param sets   sets of seeds
     */
    record Reading(int pairs, double mean, PairedBootstrap.Interval ci, int worse, int better, int equal,
                   int atOrBelow, int sets) {
    }

    private PairedWithRandom() {
    }

    /**
     * The reading of {@code contender}'s regret at checkpoint {@code at} (2 = 100 %, 3 = a third) against Random's
     * regret at 100 % on the same seeds; sets are consecutive runs of {@code setSize} of Random's seeds, in order.
     * Null when the contender's runs did not record that checkpoint.
     */
    static Reading read(List<MultiFidelityBench.Cell> random, List<MultiFidelityBench.Cell> contender, int at,
                        int setSize) {
        if (setSize < 1 || random.size() % setSize != 0) {
            throw new IllegalArgumentException("--set-size " + setSize + " does not divide the " + random.size()
                + " seeds");
        }
        Map<Long, double[]> bySeed = new HashMap<>();
        for (MultiFidelityBench.Cell c : contender) {
            bySeed.put(c.seed(), c.outcome().regretAt());
        }
        if (bySeed.values().stream().noneMatch(r -> r.length > at)) {
            return null;
        }
        List<Double> diffs = new ArrayList<>();
        int worse = 0;
        int better = 0;
        int atOrBelow = 0;
        for (int from = 0; from < random.size(); from += setSize) {
            double sumC = 0;
            double sumR = 0;
            int nC = 0;
            int nR = 0;
            for (MultiFidelityBench.Cell r : random.subList(from, from + setSize)) {
                double base = r.outcome().regretAt()[FULL];
                double[] mine = bySeed.get(r.seed());
                double value = mine == null || mine.length <= at ? Double.NaN : mine[at];
                if (!Double.isNaN(base)) {
                    sumR += base;
                    nR++;
                }
                if (!Double.isNaN(value)) {
                    sumC += value;
                    nC++;
                }
                if (!Double.isNaN(base) && !Double.isNaN(value)) {
                    double d = value - base;
                    diffs.add(d);
                    worse += d > EQUAL ? 1 : 0;
                    better += d < -EQUAL ? 1 : 0;
                }
            }
            if (nC > 0 && nR > 0 && sumC / nC <= sumR / nR + EQUAL) {
                atOrBelow++;
            }
        }
        double[] d = diffs.stream().mapToDouble(x -> x).toArray();
        return new Reading(d.length, RegretStats.mean(d), PairedBootstrap.interval95(d), worse, better,
            d.length - worse - better, atOrBelow, random.size() / setSize);
    }

    /**
     * The Markdown block that follows a problem's table: one row per contender other than Random, or a sentence
     * saying why there is none.
     *
     * @param byContender the runs of one problem and worker count, by contender label, in plan order
     * @param setSize     seeds per set; 0 for all seeds in one set
     */
    static String render(Map<String, List<MultiFidelityBench.Cell>> byContender, int setSize) {
        List<MultiFidelityBench.Cell> random = byContender.get("Random");
        if (random == null) {
            return "\nNo table paired with random search: Random is not among the contenders (each contender is"
                + " compared with Random's runs on the same seeds).\n";
        }
        if (byContender.size() == 1) {
            return "\nNo table paired with random search: Random is the only contender.\n";
        }
        int size = setSize == 0 ? random.size() : setSize;
        double[] finals = random.stream().mapToDouble(c -> c.outcome().regretAt()[FULL]).filter(v -> !Double.isNaN(v))
            .toArray();
        double reference = RegretStats.mean(finals);
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%nPaired with random search (per seed,"
                + " contender minus Random's regret at 100 %%; Random's mean regret at 100 %%: %.5f over %d seeds;"
                + " bootstrap 95 %% interval of the mean, %d resamples; sets of %d seed%s):%n%n", reference,
            finals.length, PairedBootstrap.RESAMPLES, size, size == 1 ? "" : "s"));
        sb.append("| algorithm | at 100 %: mean difference (95 %) | of Random's final | worse / better / equal |"
            + " sets at or below | at a third vs Random's 100 %: mean difference (95 %) | of Random's final |"
            + " worse / better / equal | sets at or below |\n|---|---|---|---|---|---|---|---|---|\n");
        for (Map.Entry<String, List<MultiFidelityBench.Cell>> e : byContender.entrySet()) {
            if (e.getKey().equals("Random")) {
                continue;
            }
            sb.append("| ").append(e.getKey());
            for (int at : new int[] {FULL, THIRD}) {
                sb.append(cells(read(random, e.getValue(), at, size), random.size(), reference));
            }
            sb.append(" |\n");
        }
        return sb.toString();
    }

    private static String cells(Reading r, int seeds, double reference) {
        if (r == null) {
            return " | — | — | — | —";
        }
        String missing = r.pairs() == seeds ? "" : String.format(Locale.ROOT, " (%d of %d seeds)", r.pairs(), seeds);
        return String.format(Locale.ROOT, " | %+.5f (%+.5f..%+.5f)%s | %+.1f %% | %d / %d / %d | %d of %d", r.mean(),
            r.ci().low(), r.ci().high(), missing, 100 * r.mean() / reference, r.worse(), r.better(), r.equal(),
            r.atOrBelow(), r.sets());
    }
}
