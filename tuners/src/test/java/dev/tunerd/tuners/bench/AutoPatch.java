package dev.tunerd.tuners.bench;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.ExperimentBudget;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.Tuner;
import dev.tunerd.tuners.auto.AutoClassArgs;
import dev.tunerd.tuners.auto.AutoVariants;
import dev.tunerd.tuners.auto.EarlyScan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Auto with a check of its first results ({@code -Dauto.early=AT:FLOOR:SCAN_AFTER[:STRATA[:THEN[:GAIN]]]}, {@link EarlyScan}) on the seeds of
 * saved runs of Auto without one ({@code OLD_DIR/<problem>.tsv}, written by {@link QualityBench} with
 * {@code -Dbench.save}; Metis's saved runs serve up to 100 trials, where Auto is Metis run for run): a run is the old
 * one trial for trial until its scan, so where the check keeps the scan where it was the old row is copied, and only
 * the runs whose scan it brings forward are run (to {@code -Dbench.trials}; budgets beyond the old row's are left NaN
 * in copied rows; {@code -Dauto.budget=200} with {@code -Dbench.trials=100} compares with 100 trials of 200-trial
 * runs, whose scan is planned). Writes {@code OUT_DIR/<problem>.tsv} in the same format, prints which runs changed and checks that
 * a changed run's regrets before its scan equal the old ones. Daemon seeds. Run: {@code AutoPatch OLD_DIR OUT_DIR}.
 */
public final class AutoPatch {
    /** The experiment's budget Auto is given ({@code -Dauto.budget}; default the run's length, as QualityBench). */
    private static final int BUDGET = Integer.getInteger("auto.budget", QualityBench.TRIALS);

    private AutoPatch() {
    }

    public static void main(String[] args) throws IOException {
        Path old = Path.of(args[0]);
        Path out = Path.of(args[1]);
        Files.createDirectories(out);
        String[] c = System.getProperty("auto.early", "25:0.3:50").split(":");
        EarlyScan early = new EarlyScan(Integer.parseInt(c[0]), Double.parseDouble(c[1]), Integer.parseInt(c[2]),
            c.length > 3 ? Integer.parseInt(c[3]) : 6, c.length > 4 && !c[4].equals("-") ? c[4] : null,
            c.length > 5 ? Double.parseDouble(c[5]) : Double.NEGATIVE_INFINITY);
        String only = System.getProperty("bench.problems");
        for (Problem p : Problem.all()) {
            Path f = old.resolve(p.name() + ".tsv");
            if (!Files.exists(f) || (only != null && !List.of(only.split(",")).contains(p.name()))) {
                continue;
            }
            StringBuilder sb = new StringBuilder();
            int changed = 0;
            int runs = 0;
            StringBuilder which = new StringBuilder();
            for (String line : Files.readAllLines(f)) {
                if (line.isBlank() || line.startsWith("#")) {
                    sb.append(line).append('\n');
                    continue;
                }
                String[] cols = line.split("\t");
                long seed = Long.parseLong(cols[0]);
                runs++;
                Tuner auto = AutoVariants.withEarlyScan(AlgorithmContext.standalone().withBudget(
                    ExperimentBudget.of(BUDGET, 1)), new AutoClassArgs(OptimizeMode.MINIMIZE, seed), early);
                TunerDriver d = new TunerDriver(auto, p.space());
                double[] regret = new double[QualityBench.BUDGETS.length];
                java.util.Arrays.fill(regret, Double.NaN);
                double best = Double.POSITIVE_INFINITY;
                int b = 0;
                boolean copied = false;
                for (int t = 1; t <= QualityBench.TRIALS; t++) {
                    double[] x = d.ask();
                    double y = p.evaluate(x);
                    d.tell(x, y);
                    best = Math.min(best, y);
                    if (t == early.at() && !AutoVariants.scanBroughtForward(auto)) {
                        copied = true;
                        break;
                    }
                    if (b < regret.length && t == QualityBench.BUDGETS[b]) {
                        regret[b++] = Math.max(0, best - p.optimum());
                    }
                }
                auto.close();
                if (copied) {
                    sb.append(cols[0]);
                    for (int i = 1; i < cols.length; i++) {
                        sb.append('\t').append(QualityBench.BUDGETS[i - 1] <= QualityBench.TRIALS ? cols[i] : "NaN");
                    }
                    sb.append('\n');
                    continue;
                }
                changed++;
                which.append(' ').append(seed);
                for (int i = 0; i < regret.length && QualityBench.BUDGETS[i] <= early.scanAfter(); i++) {
                    if (Double.parseDouble(cols[i + 1]) != regret[i]) {
                        System.out.println("MISMATCH " + p.name() + " seed " + seed + " @" + QualityBench.BUDGETS[i]
                            + ": old " + cols[i + 1] + ", now " + regret[i]);
                    }
                }
                sb.append(seed);
                for (double v : regret) {
                    sb.append('\t').append(v);
                }
                sb.append('\n');
            }
            Files.writeString(out.resolve(p.name() + ".tsv"), sb);
            System.out.println(p.name() + ": " + changed + " of " + runs + " runs scanned early:" + which);
        }
    }
}
