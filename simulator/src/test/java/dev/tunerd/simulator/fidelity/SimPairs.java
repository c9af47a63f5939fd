package dev.tunerd.simulator.fidelity;

import dev.tunerd.simulator.bench.RegretStats;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Issue 13's Hyperband target read from two files of {@code HyperbandSim}'s per-seed lines ({@code seed,regret@25%,
 * @33%,@50%,@100%,brackets}; other lines are skipped), a contender's and random search's on the same seeds, by
 * {@link PairedWithRandom}, the reading {@code tunerd bench multifidelity} prints (issue 13 session 28): per seed the
 * contender's regret at a third of the epochs and at 100 % minus random search's at 100 %, mean as a share of random
 * search's mean final, bootstrap 95 % interval, seeds worse / better, sets of {@code SET} seeds at or below.
 * {@code SimPairs CONTENDER.csv RANDOM.csv [SET]} (SET 20 by default).
 */
public final class SimPairs {
    private SimPairs() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 2 || args.length > 3) {
            throw new IllegalArgumentException("usage: SimPairs CONTENDER.csv RANDOM.csv [SET]");
        }
        List<MultiFidelityBench.Cell> contender = cells("contender", Path.of(args[0]));
        List<MultiFidelityBench.Cell> random = cells("Random", Path.of(args[1]));
        int set = args.length > 2 ? Integer.parseInt(args[2]) : 20;
        System.out.print(render(contender, random, set));
    }

    /** The two readings (at a third, at 100 %), a line each, after random search's mean final regret. */
    static String render(List<MultiFidelityBench.Cell> contender, List<MultiFidelityBench.Cell> random, int set) {
        double[] finals = random.stream().mapToDouble(c -> c.outcome().regretAt()[2]).toArray();
        double base = RegretStats.mean(finals);
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "random search's mean regret at 100 %%:"
            + " %.5f over %d seeds%n", base, finals.length));
        String[] names = {"at a third", "at 100 %"};
        int[] at = {3, 2};
        for (int i = 0; i < 2; i++) {
            PairedWithRandom.Reading r = PairedWithRandom.read(random, contender, at[i], set);
            sb.append(String.format(Locale.ROOT, "%s: %+.1f%% (%+.5f, %+.5f..%+.5f; %d / %d; sets %d/%d; %d pairs)%n",
                names[i], 100 * r.mean() / base, r.mean(), r.ci().low(), r.ci().high(), r.worse(), r.better(),
                r.atOrBelow(), r.sets(), r.pairs()));
        }
        return sb.toString();
    }

    /** The per-seed lines of {@code file} as cells (regret at 25 %, 50 %, 100 %, a third; the seed's own order). */
    static List<MultiFidelityBench.Cell> cells(String contender, Path file) throws IOException {
        List<MultiFidelityBench.Cell> out = new ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            String[] f = line.split(",");
            if (f.length < 5 || !f[0].matches("\\d+")) {
                continue;
            }
            double[] regretAt = {Double.parseDouble(f[1]), Double.parseDouble(f[3]), Double.parseDouble(f[4]),
                Double.parseDouble(f[2])};
            out.add(new MultiFidelityBench.Cell(contender, "sim", 1, Long.parseLong(f[0]),
                new BudgetedOutcome(regretAt, 0, 0, 0, 0, 0, 0, 0)));
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException(file + " holds no per-seed line (seed,@25%,@33%,@50%,@100%,...)");
        }
        return out;
    }
}
