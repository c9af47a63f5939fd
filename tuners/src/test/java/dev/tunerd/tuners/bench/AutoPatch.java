package dev.tunerd.tuners.bench;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.ExperimentBudget;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.Tuner;
import dev.tunerd.tuners.auto.AutoClassArgs;
import dev.tunerd.tuners.auto.AutoTuner;
import dev.tunerd.tuners.auto.AutoVariants;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Auto with a model check ({@code -Dauto.check=AFTER:FLOOR}) on the seeds of saved runs of Auto without one
 * ({@code OLD_DIR/<problem>.tsv}, written by {@link QualityBench} with {@code -Dbench.save}): a run is the old one
 * trial for trial until the check, so where the check keeps the picked tuner the old row is copied, and only the
 * runs it switches are run (to {@code -Dbench.trials}). Writes {@code OUT_DIR/<problem>.tsv} in the same format and
 * prints how many runs switched. Daemon seeds. Run: {@code AutoPatch OLD_DIR OUT_DIR}.
 */
public final class AutoPatch {
    private AutoPatch() {
    }

    public static void main(String[] args) throws IOException {
        Path old = Path.of(args[0]);
        Path out = Path.of(args[1]);
        Files.createDirectories(out);
        String[] c = System.getProperty("auto.check", "20:0.3").split(":");
        int after = Integer.parseInt(c[0]);
        double floor = Double.parseDouble(c[1]);
        int until = c.length > 2 ? Integer.parseInt(c[2]) : 0;
        String only = System.getProperty("bench.problems");
        for (Problem p : Problem.all()) {
            Path f = old.resolve(p.name() + ".tsv");
            if (!Files.exists(f) || (only != null && !List.of(only.split(",")).contains(p.name()))) {
                continue;
            }
            StringBuilder sb = new StringBuilder();
            int switched = 0;
            int runs = 0;
            StringBuilder which = new StringBuilder();
            for (String line : Files.readAllLines(f)) {
                if (line.isBlank() || line.startsWith("#")) {
                    sb.append(line).append('\n');
                    continue;
                }
                long seed = Long.parseLong(line.split("\t")[0]);
                runs++;
                AutoTuner auto = (AutoTuner) AutoVariants.withCheck(AlgorithmContext.standalone().withBudget(
                    ExperimentBudget.of(QualityBench.TRIALS, 1)), new AutoClassArgs(OptimizeMode.MINIMIZE, seed),
                    after, floor, until);
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
                    if (t == after && auto.choice().algorithm().equals("Metis")) {
                        copied = true;
                        break;
                    }
                    if (b < regret.length && t == QualityBench.BUDGETS[b]) {
                        regret[b++] = Math.max(0, best - p.optimum());
                    }
                }
                if (copied) {
                    String[] cols = line.split("\t");
                    sb.append(cols[0]);
                    for (int i = 1; i < cols.length; i++) { // a budget beyond this run's length: not measured here
                        sb.append('\t').append(QualityBench.BUDGETS[i - 1] <= QualityBench.TRIALS ? cols[i] : "NaN");
                    }
                    sb.append('\n');
                } else {
                    switched++;
                    which.append(' ').append(seed);
                    sb.append(seed);
                    for (double v : regret) {
                        sb.append('\t').append(v);
                    }
                    sb.append('\n');
                }
                close(auto);
            }
            Files.writeString(out.resolve(p.name() + ".tsv"), sb);
            System.out.println(p.name() + ": " + switched + " of " + runs + " runs switched:" + which);
        }
    }

    private static void close(Tuner t) {
        t.close();
    }
}
