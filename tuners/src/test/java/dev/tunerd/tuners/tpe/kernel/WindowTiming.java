package dev.tunerd.tuners.tpe.kernel;

import dev.tunerd.tuners.bench.Problem;
import dev.tunerd.tuners.common.BoundedLbfgs;
import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.gp.FirstSearch;
import dev.tunerd.tuners.model.UnitSpace;
import dev.tunerd.tuners.tpe.TpeArgs;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * JMH's {@code SuggestionLatency} loop on the sampler, in thread CPU time and with the model probe's firings counted:
 * per history n, {@code tuners} fresh samplers each shown n random hartmann6 results as imports, one untimed
 * suggestion, then {@value #WINDOW} timed suggestions (each told its value), after {@code warm} untimed tuners; the
 * probe variants (by default the probe off and the default probe, {@code TpeArgs.PROBE}) take turns on each history.
 * Prints, per probe variant, the share of timed suggestions that were probes and their mean, the mean, median and 90th
 * percentile of all of them, and the median of those that were not probes. Run (same classpath as
 * {@code FlightBench}):
 * <pre>java … dev.tunerd.tuners.tpe.kernel.WindowTiming 100,1000,5000 100 25</pre>
 * ({@code -Dwindow.firstFit=10,0}: the probe off, the default probe and the default with each of those first-fit
 * iterations instead; {@code -Dwindow.firstRows=25}: likewise with those rows in the first fit;
 * {@code -Dwindow.firstSearch=25:32:0}: likewise with the first probe's model rows, candidates and local search (0:
 * none) as {@code FirstSearch} takes them; {@code -Dwindow.steps=f:2+l:0.1,F:1e-8:2}: likewise with the first fit's
 * ({@code f:c}, {@code F:tolerance:iterations}) and the first local search's ({@code l:c}, {@code L:tolerance:iterations})
 * L-BFGS first step and flat stop as {@code BoundedLbfgs.Steps} takes them; several: each of them.)
 * Not a unit test: it measures, it does not assert.
 */
public final class WindowTiming {
    private static final int WINDOW = 10;

    private WindowTiming() {
    }

    public static void main(String[] args) {
        int[] histories = Arrays.stream(args[0].split(",")).mapToInt(Integer::parseInt).toArray();
        int tuners = Integer.parseInt(args[1]);
        int warm = Integer.parseInt(args[2]);
        Problem h6 = Problem.all()[4];
        UnitSpace space = new UnitSpace(h6.space().parameters());
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        String[] names = {"probe off", "default"};
        ModelProbe[] probes = {ModelProbe.NONE, TpeArgs.PROBE};
        // -Dwindow.firstFit=10,0: the default probe with those first-fit iterations, in place of the two lean rules
        String firstFits = System.getProperty("window.firstFit");
        String firstRows = System.getProperty("window.firstRows");
        // -Dwindow.firstSearch=25:32:0,0:48:1: the default probe whose first probe models rows:candidates:local
        String firstSearch = System.getProperty("window.firstSearch");
        String steps = System.getProperty("window.steps");
        if (firstFits != null || firstRows != null || firstSearch != null || steps != null) {
            List<String> n = new ArrayList<>(List.of("probe off", "default"));
            List<ModelProbe> p = new ArrayList<>(List.of(ModelProbe.NONE, TpeArgs.PROBE));
            for (int its : ints(firstFits)) {
                n.add("first fit " + its);
                p.add(TpeArgs.PROBE.withFirstFit(its));
            }
            for (int rows : ints(firstRows)) {
                n.add("first rows " + rows);
                p.add(TpeArgs.PROBE.withFirstRows(rows));
            }
            for (String f : firstSearch == null ? new String[0] : firstSearch.split(",")) {
                String[] r = f.split(":");
                n.add("first " + f);
                p.add(TpeArgs.PROBE.withFirstSearch(new FirstSearch(Integer.parseInt(r[0]), Integer.parseInt(r[1]),
                    !"0".equals(r[2]))));
            }
            for (String f : steps == null ? new String[0] : steps.split(",")) {
                n.add(f);
                p.add(withSteps(TpeArgs.PROBE, f));
            }
            names = n.toArray(new String[0]);
            probes = p.toArray(new ModelProbe[0]);
        }
        TpeSettings d = TpeArgs.defaults().settings();
        for (int n : histories) {
            List<List<Double>> all = new ArrayList<>();
            List<List<Double>> plain = new ArrayList<>();
            int[] probed = new int[probes.length];
            double[] probeMs = new double[probes.length];
            for (int v = 0; v < probes.length; v++) {
                all.add(new ArrayList<>());
                plain.add(new ArrayList<>());
            }
            Rng data = new Rng(n);
            for (int t = 0; t < warm + tuners; t++) {
                double[][] xs = new double[n][h6.dims()];
                for (double[] x : xs) {
                    for (int j = 0; j < x.length; j++) {
                        x[j] = data.nextDouble();
                    }
                }
                // the variants take turns on the same history, so the machine's drift and the JIT weigh on each alike
                for (int v = 0; v < probes.length; v++) {
                    TpeSampler s = new TpeSampler(space, d.withProbe(probes[v]), new Rng(t));
                    for (double[] x : xs) {
                        s.observeImported(x, h6.value(x));
                    }
                    double[] first = s.suggest(List.of());
                    s.observe(first, h6.value(first));
                    for (int k = 0; k < WINDOW; k++) {
                        int modelled = s.probeModelled();
                        long c0 = mx.getCurrentThreadCpuTime();
                        double[] x = s.suggest(List.of());
                        s.observe(x, h6.value(x));
                        double ms = (mx.getCurrentThreadCpuTime() - c0) / 1e6;
                        if (t < warm) {
                            continue;
                        }
                        all.get(v).add(ms);
                        // a probe hands the observations since the last one to the GP
                        if (s.probeModelled() > modelled) {
                            probed[v]++;
                            probeMs[v] += ms;
                        } else {
                            plain.get(v).add(ms);
                        }
                    }
                }
            }
            for (int v = 0; v < probes.length; v++) {
                List<Double> a = all.get(v);
                System.out.printf(Locale.ROOT, "n=%d %-20s probes %5.2f %% (mean %.3f ms) | all: mean %.4f median %.3f"
                    + " p90 %.3f | not probes: median %.3f (%d)%n", n, names[v], 100.0 * probed[v] / a.size(),
                    probed[v] == 0 ? 0.0 : probeMs[v] / probed[v], mean(a), quantile(a, 0.5), quantile(a, 0.9),
                    quantile(plain.get(v), 0.5), a.size());
            }
        }
    }

    /** {@code probe} with its first fit's and first local search's L-BFGS steps as {@code spec} says (see above). */
    static ModelProbe withSteps(ModelProbe probe, String spec) {
        BoundedLbfgs.Steps fit = probe.fitSteps();
        FirstSearch first = probe.first();
        BoundedLbfgs.Steps local = first.localSteps();
        for (String part : spec.split("\\+")) {
            String[] p = part.split(":");
            switch (p[0]) {
                case "f" -> fit = fit.withFirstStep(Double.parseDouble(p[1]));
                case "F" -> fit = fit.withFlatStop(Double.parseDouble(p[1]), Integer.parseInt(p[2]));
                case "l" -> local = local.withFirstStep(Double.parseDouble(p[1]));
                case "L" -> local = local.withFlatStop(Double.parseDouble(p[1]), Integer.parseInt(p[2]));
                default -> throw new IllegalArgumentException("window.steps: " + part);
            }
        }
        return probe.withFitSteps(fit).withFirstSearch(new FirstSearch(first.rows(), first.candidates(), first.local(),
            local));
    }

    private static int[] ints(String list) {
        return list == null ? new int[0] : Arrays.stream(list.split(",")).mapToInt(Integer::parseInt).toArray();
    }

    private static double mean(List<Double> xs) {
        return xs.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }

    private static double quantile(List<Double> xs, double q) {
        double[] s = xs.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return s.length == 0 ? Double.NaN : s[(int) Math.round(q * (s.length - 1))];
    }
}
