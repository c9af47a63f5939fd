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

    /** The paired table's column heads. */
    static final List<String> HEAD = List.of("algorithm", "at 100 %: mean difference (95 %)", "of Random's final",
        "worse / better / equal", "sets at or below", "at a third vs Random's 100 %: mean difference (95 %)",
        "of Random's final", "worse / better / equal", "sets at or below");

    /**
     * The Markdown block that follows a problem's table: one row per contender other than Random, or a sentence
     * saying why there is none.
     *
     * @param byContender the runs of one problem and worker count, by contender label, in plan order
     * @param setSize     seeds per set; 0 for all seeds in one set
     */
    static String render(Map<String, List<MultiFidelityBench.Cell>> byContender, int setSize) {
        String absent = absent(byContender);
        if (absent != null) {
            return "\n" + absent + "\n";
        }
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%n%s:%n%n", intro(byContender, setSize)));
        sb.append("| ").append(String.join(" | ", HEAD)).append(" |\n").append("|---".repeat(HEAD.size()))
            .append("|\n");
        rows(byContender, setSize).forEach(row -> sb.append("| ").append(String.join(" | ", row)).append(" |\n"));
        return sb.toString();
    }

    /** The sentence saying why there is no paired table, or null when there is one. */
    static String absent(Map<String, List<MultiFidelityBench.Cell>> byContender) {
        if (!byContender.containsKey("Random")) {
            return "No table paired with random search: Random is not among the contenders (each contender is"
                + " compared with Random's runs on the same seeds).";
        }
        return byContender.size() == 1 ? "No table paired with random search: Random is the only contender." : null;
    }

    /** The sentence above the paired table: what is compared, Random's mean final regret, the resamples and sets. */
    static String intro(Map<String, List<MultiFidelityBench.Cell>> byContender, int setSize) {
        List<MultiFidelityBench.Cell> random = byContender.get("Random");
        int size = setSize == 0 ? random.size() : setSize;
        double[] finals = finals(random);
        return String.format(Locale.ROOT, "Paired with random search (per seed, contender minus Random's regret at"
                + " 100 %%; Random's mean regret at 100 %%: %.5f over %d seeds; bootstrap 95 %% interval of the mean,"
                + " %d resamples; sets of %d seed%s)", RegretStats.mean(finals), finals.length,
            PairedBootstrap.RESAMPLES, size, size == 1 ? "" : "s");
    }

    /** The paired table's rows (cells as printed): one per contender other than Random, in plan order. */
    static List<List<String>> rows(Map<String, List<MultiFidelityBench.Cell>> byContender, int setSize) {
        List<MultiFidelityBench.Cell> random = byContender.get("Random");
        int size = setSize == 0 ? random.size() : setSize;
        double reference = RegretStats.mean(finals(random));
        List<List<String>> out = new ArrayList<>();
        for (Map.Entry<String, List<MultiFidelityBench.Cell>> e : byContender.entrySet()) {
            if (e.getKey().equals("Random")) {
                continue;
            }
            List<String> row = new ArrayList<>(List.of(e.getKey()));
            for (int at : new int[] {FULL, THIRD}) {
                row.addAll(cells(read(random, e.getValue(), at, size), random.size(), reference));
            }
            out.add(row);
        }
        return out;
    }

    private static double[] finals(List<MultiFidelityBench.Cell> random) {
        return random.stream().mapToDouble(c -> c.outcome().regretAt()[FULL]).filter(v -> !Double.isNaN(v)).toArray();
    }

    private static List<String> cells(Reading r, int seeds, double reference) {
        if (r == null) {
            return List.of("—", "—", "—", "—");
        }
        String missing = r.pairs() == seeds ? "" : String.format(Locale.ROOT, " (%d of %d seeds)", r.pairs(), seeds);
        return List.of(String.format(Locale.ROOT, "%+.5f (%+.5f..%+.5f)%s", r.mean(), r.ci().low(), r.ci().high(),
                missing), String.format(Locale.ROOT, "%+.1f %%", 100 * r.mean() / reference),
            String.format(Locale.ROOT, "%d / %d / %d", r.worse(), r.better(), r.equal()),
            String.format(Locale.ROOT, "%d of %d", r.atOrBelow(), r.sets()));
    }
}
