package dev.tunerd.tuners.bench;

import dev.tunerd.simulator.problem.Problem;
import dev.tunerd.simulator.problem.Problems;
import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.model.HistoryTuner;
import dev.tunerd.tuners.model.InternalSampler;
import dev.tunerd.tuners.model.UnitSpace;
import dev.tunerd.tuners.tpe.kernel.TpeSampler;
import dev.tunerd.tuners.tpe.kernel.TpeSettings;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * What TPE's proposals look like with K trials in flight against the same run sequentially (issue 16, session 13):
 * per window of proposals, their distance to the best observation known when proposed and to the trials in flight,
 * what kind of move they look like (a coordinate move: equal to the best observation in all coordinates but one; a
 * step next to the best; far from it), how many end near the run's final best, and how often a proposal beats the
 * best known when it was proposed and when its result arrives. Observes the sampler from outside (a wrapper around
 * {@link TpeSampler} in a {@link FlightRun}); the draws are the tuner's own. Distances are root mean square per unit
 * coordinate; "near" is below {@code probe.near} (0.05), "far" farther than 0.3 (Euclidean, unit coordinates, the
 * second basin's radius). The last rows split the proposals that set a new best when their result came back by what
 * they looked like. Windows count proposals (the regret rows count results). Only for numeric (textbook) problems.
 * Run from the repository root after {@code mvn -o -q -pl tuners -am test-compile}:
 * <pre>java -cp $CP dev.tunerd.tuners.bench.BurstProbe ackley5,hartmann6 76000 40 100 1,16 [variant, as FlightTuners' TPE:...]</pre>
 * (problems, first seed, seeds, trials, trials in flight). Not a unit test: it measures, it does not assert.
 */
public final class BurstProbe {
    private static final int[] WINDOWS = {5, 20, 40, 60, 80, 100};

    private BurstProbe() {
    }

    /** One proposal. */
    private record Proposal(int index, int observed, double[] row, double[] bestRow, double bestLoss,
                            List<double[]> pending, double[] pendingBest) {
    }

    /** Records what the sampler sees; unit coordinates, textbook problems (every parameter numeric, one group). */
    private static final class Recorder implements InternalSampler {
        private final InternalSampler inner;
        private final UnitSpace space;
        final List<Proposal> proposals = new ArrayList<>();
        final List<double[]> observedRows = new ArrayList<>();
        final List<Double> observedLoss = new ArrayList<>();
        final List<Double> lossOf = new ArrayList<>();
        final List<Double> bestWhenReported = new ArrayList<>();
        private final java.util.Map<String, Integer> indexOf = new java.util.HashMap<>();
        private double[] bestRow;
        private double bestLoss = Double.POSITIVE_INFINITY;

        Recorder(InternalSampler inner, UnitSpace space) {
            this.inner = inner;
            this.space = space;
        }

        double[] unit(double[] internal) {
            double[] u = new double[internal.length];
            for (int i = 0; i < u.length; i++) {
                u[i] = space.toUnit(i, internal[i]);
            }
            return u;
        }

        @Override
        public double[] suggest(List<double[]> running) {
            double[] s = inner.suggest(running);
            List<double[]> pend = new ArrayList<>();
            double[] pendBest = new double[running.size()];
            for (int i = 0; i < running.size(); i++) {
                double[] u = unit(running.get(i));
                pend.add(u);
                Integer at = indexOf.get(Arrays.toString(u));
                pendBest[i] = at == null ? Double.NaN : proposals.get(at).bestLoss();
            }
            double[] row = unit(s);
            indexOf.put(Arrays.toString(row), proposals.size());
            proposals.add(new Proposal(proposals.size(), observedRows.size(), row,
                bestRow == null ? null : bestRow.clone(), bestLoss, pend, pendBest));
            lossOf.add(Double.NaN);
            bestWhenReported.add(Double.NaN);
            return s;
        }

        @Override
        public void observe(double[] internal, double loss) {
            inner.observe(internal, loss);
            double[] u = unit(internal);
            Integer at = indexOf.get(Arrays.toString(u));
            if (at != null) {
                lossOf.set(at, loss);
                bestWhenReported.set(at, bestLoss);
            }
            observedRows.add(u);
            observedLoss.add(loss);
            if (loss < bestLoss) {
                bestLoss = loss;
                bestRow = u;
            }
        }

        @Override
        public JsonValue state() {
            return inner.state();
        }

        @Override
        public void restoreState(JsonValue state) {
            inner.restoreState(state);
        }
    }

    static double rms(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += (a[i] - b[i]) * (a[i] - b[i]);
        }
        return Math.sqrt(s / a.length);
    }

    private static int sameCoords(double[] a, double[] b) {
        int n = 0;
        for (int i = 0; i < a.length; i++) {
            n += Math.abs(a[i] - b[i]) < 1e-9 ? 1 : 0;
        }
        return n;
    }

    /** Accumulates one statistic per window. */
    private static final class Stat {
        final List<List<Double>> values = new ArrayList<>();

        Stat() {
            for (int w = 0; w + 1 < WINDOWS.length; w++) {
                values.add(new ArrayList<>());
            }
        }

        void add(int index, double v) {
            for (int w = 0; w + 1 < WINDOWS.length; w++) {
                if (index >= WINDOWS[w] && index < WINDOWS[w + 1] && !Double.isNaN(v)) {
                    values.get(w).add(v);
                }
            }
        }

        String median() {
            StringBuilder sb = new StringBuilder();
            for (List<Double> v : values) {
                double[] a = v.stream().mapToDouble(Double::doubleValue).sorted().toArray();
                sb.append(String.format(Locale.ROOT, " %7.3f", a.length == 0 ? Double.NaN : a[a.length / 2]));
            }
            return sb.toString();
        }

        String mean() {
            StringBuilder sb = new StringBuilder();
            for (List<Double> v : values) {
                sb.append(String.format(Locale.ROOT, " %7.3f", v.stream().mapToDouble(Double::doubleValue).average()
                    .orElse(Double.NaN)));
            }
            return sb.toString();
        }
    }

    public static void main(String[] args) {
        String[] problems = args[0].split(",");
        long first = Long.parseLong(args[1]);
        int seeds = Integer.parseInt(args[2]);
        int trials = Integer.parseInt(args[3]);
        String[] ks = args[4].split(",");
        TpeSettings settings = args.length > 5 ? FlightTuners.tpeVariant(args[5])
            : dev.tunerd.tuners.tpe.TpeArgs.defaults().settings();
        double near = Double.parseDouble(System.getProperty("probe.near", "0.05"));
        System.out.printf("windows of proposals %s; near = RMS distance < %.3f%n", Arrays.toString(WINDOWS), near);
        for (String problem : problems) {
            for (String kText : ks) {
                int k = Integer.parseInt(kText);
                String[] names = {"dBest (median)", "dPending (median, nearest)", "coordinate move (share)",
                    "near best (share)", "far >0.3 from best (share)", "near final best (share)",
                    "near optimum (share)", "beats best at proposal (share)", "beats best at report (share)",
                    "pending near best (mean count)", "pending from same best (mean count)", "best-so-far regret, by result (median)",
                    "best-so-far regret, by result (mean)", "new best from a coordinate move (share)", "new best from near best (share)",
                    "new best from far (share)", "new best from the rest (share)"};
                Stat[] st = new Stat[names.length];
                for (int i = 0; i < st.length; i++) {
                    st[i] = new Stat();
                }
                for (long seed = first; seed < first + seeds; seed++) {
                    Problem p = Problems.create(problem, seed);
                    Recorder[] holder = new Recorder[1];
                    HistoryTuner tuner = new HistoryTuner(OptimizeMode.MINIMIZE, seed, AlgorithmContext.standalone()) {
                        @Override
                        protected InternalSampler newSampler(SearchSpace space, Rng rng) {
                            UnitSpace us = new UnitSpace(space.parameters());
                            holder[0] = new Recorder(new TpeSampler(us, settings, rng), us);
                            return holder[0];
                        }

                        @Override
                        protected String algorithm() {
                            return "TPE";
                        }
                    };
                    double[] best = new FlightRun(tuner, p, trials, k, seed).bestSoFar();
                    Recorder r = holder[0];
                    double[] finalBest = r.observedRows.get(r.observedLoss.indexOf(
                        r.observedLoss.stream().min(Double::compare).orElseThrow()));
                    double[] optimum = optimumRow(problem, finalBest.length);
                    for (Proposal q : r.proposals) {
                        int i = q.index();
                        st[11].add(i, i < best.length ? best[i] - p.optimum() : Double.NaN);
                        st[12].add(i, i < best.length ? best[i] - p.optimum() : Double.NaN);
                        if (q.bestRow() == null) {
                            continue;
                        }
                        double dBest = rms(q.row(), q.bestRow());
                        st[0].add(i, dBest);
                        double dPend = Double.POSITIVE_INFINITY;
                        int pendNear = 0;
                        int sameBest = 0;
                        for (int j = 0; j < q.pending().size(); j++) {
                            double[] pr = q.pending().get(j);
                            dPend = Math.min(dPend, rms(q.row(), pr));
                            pendNear += rms(pr, q.bestRow()) < near ? 1 : 0;
                            sameBest += q.pendingBest()[j] == q.bestLoss() ? 1 : 0;
                        }
                        st[1].add(i, q.pending().isEmpty() ? Double.NaN : dPend);
                        st[2].add(i, sameCoords(q.row(), q.bestRow()) == q.row().length - 1 ? 1 : 0);
                        st[3].add(i, dBest < near ? 1 : 0);
                        st[4].add(i, dBest * Math.sqrt(q.row().length) > 0.3 ? 1 : 0);
                        st[5].add(i, rms(q.row(), finalBest) < near ? 1 : 0);
                        st[6].add(i, optimum == null ? Double.NaN : rms(q.row(), optimum) < near ? 1 : 0);
                        double loss = r.lossOf.get(i);
                        st[7].add(i, Double.isNaN(loss) ? Double.NaN : loss < q.bestLoss() ? 1 : 0);
                        double atReport = r.bestWhenReported.get(i);
                        st[8].add(i, Double.isNaN(loss) ? Double.NaN : loss < atReport ? 1 : 0);
                        boolean gain = !Double.isNaN(loss) && loss < atReport;
                        boolean flip = sameCoords(q.row(), q.bestRow()) == q.row().length - 1;
                        boolean far = dBest * Math.sqrt(q.row().length) > 0.3;
                        st[13].add(i, gain && flip ? 1 : 0);
                        st[14].add(i, gain && !flip && dBest < near ? 1 : 0);
                        st[15].add(i, gain && !flip && far ? 1 : 0);
                        st[16].add(i, gain && !flip && !far && dBest >= near ? 1 : 0);
                        st[9].add(i, pendNear);
                        st[10].add(i, sameBest);
                    }
                }
                System.out.printf("%n%s, %d in flight, seeds %d..%d%n", problem, k, first, first + seeds - 1);
                for (int i = 0; i < names.length; i++) {
                    boolean median = names[i].contains("median");
                    System.out.printf("  %-38s%s%n", names[i], median ? st[i].median() : st[i].mean());
                }
            }
        }
    }

    /** The optimum in unit coordinates where the bench knows it (ackley5: the centre; hartmann6). */
    private static double[] optimumRow(String problem, int d) {
        if (problem.startsWith("ackley")) {
            double[] c = new double[d];
            Arrays.fill(c, 0.5);
            return c;
        }
        if (problem.equals("hartmann6")) {
            return new double[] {0.20169, 0.150011, 0.476874, 0.275332, 0.311652, 0.6573};
        }
        return null;
    }
}
