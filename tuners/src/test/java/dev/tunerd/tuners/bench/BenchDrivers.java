package dev.tunerd.tuners.bench;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.ExperimentBudget;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.space.ParameterSpec;
import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.tuners.anneal.AnnealAdditions;
import dev.tunerd.tuners.auto.AutoClassArgs;
import dev.tunerd.tuners.auto.AutoTuner;
import dev.tunerd.tuners.anneal.AnnealClassArgs;
import dev.tunerd.tuners.anneal.AnnealSampler;
import dev.tunerd.tuners.anneal.AnnealTuner;
import dev.tunerd.tuners.evolution.EvolutionClassArgs;
import dev.tunerd.tuners.cmaes.CmaesClassArgs;
import dev.tunerd.tuners.cmaes.CmaesTuner;
import dev.tunerd.tuners.evolution.EvolutionTuner;
import dev.tunerd.tuners.gp.GpClassArgs;
import dev.tunerd.tuners.gp.GpTuner;
import dev.tunerd.tuners.random.RandomTuner;
import dev.tunerd.tuners.smac.SmacClassArgs;
import dev.tunerd.tuners.smac.SmacSettings;
import dev.tunerd.tuners.smac.SmacTuner;
import dev.tunerd.tuners.tpe.TpeArgs;
import dev.tunerd.tuners.tpe.TpeClassArgs;
import dev.tunerd.tuners.tpe.TpeTuner;
import dev.tunerd.tuners.tpe.kernel.TpeSampler;
import dev.tunerd.tuners.tpe.kernel.TpeSettings;
import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.model.UnitSpace;
import dev.tunerd.tuners.model.InternalSampler;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/** The optimisers the benchmark knows, by name: kernels driven directly, and whole tuners through their API. */
public final class BenchDrivers {
    private BenchDrivers() {
    }

    static Map<String, BiFunction<SearchSpace, Long, Driver>> all() {
        Map<String, BiFunction<SearchSpace, Long, Driver>> m = new LinkedHashMap<>();
        m.put("Random", RandomDriver::new);
        m.put("TPE", (space, seed) -> sampler(tpe(space, seed, QualityBench.tpeSettings())));
        // NNI-style settings for contrast: 20 random start-up trials, ceil(0.25 sqrt(n)) good ones, univariate
        m.put("TPE-NNI", (space, seed) -> sampler(tpe(space, seed, new TpeSettings(20, 24, 25, 1.0, 0.25, 0, 0.2,
            1024, 1.0, 0, TpeSettings.Liar.BEST))));
        m.put("Anneal", (space, seed) -> sampler(new AnnealSampler(space, new Rng(seed), AnnealSampler.Liar.NONE,
            QualityBench.annealAdditions())));
        // hyperopt's annealing as NNI runs it, without tunerd's exploratory suggestions
        m.put("Anneal-hyperopt", (space, seed) -> sampler(new AnnealSampler(space, new Rng(seed),
            AnnealSampler.Liar.NONE, AnnealAdditions.NONE)));
        m.put("Evolution", (space, seed) -> new TunerDriver(new EvolutionTuner(AlgorithmContext.standalone(),
            new EvolutionClassArgs(OptimizeMode.MINIMIZE, 32, seed)), space));
        m.put("TPE-tuner", (space, seed) -> new TunerDriver(new TpeTuner(AlgorithmContext.standalone(),
            new TpeClassArgs(OptimizeMode.MINIMIZE, seed, TpeArgs.defaults())), space));
        m.put("Random-tuner", (space, seed) -> new TunerDriver(new RandomTuner(seed), space));
        m.put("Anneal-tuner", (space, seed) -> new TunerDriver(new AnnealTuner(AlgorithmContext.standalone(),
            new AnnealClassArgs(OptimizeMode.MINIMIZE, seed)), space));
        m.put("GP", (space, seed) -> new TunerDriver(new GpTuner(AlgorithmContext.standalone(),
            new GpClassArgs(OptimizeMode.MINIMIZE, seed)), space));
        // -Dgp.utility / -Dgp.kappa / -Dgp.xi / -Dgp.nu / -Dgp.cold: GP's classArgs varied for tuning
        m.put("GP-args", (space, seed) -> new TunerDriver(new GpTuner(AlgorithmContext.standalone(),
            new GpClassArgs(OptimizeMode.MINIMIZE, System.getProperty("gp.utility"), dblOrNull("gp.kappa"),
                dblOrNull("gp.xi"), dblOrNull("gp.nu"), null, Integer.getInteger("gp.cold"), null, null, seed)),
            space));
        m.put("CMAES", (space, seed) -> new TunerDriver(new CmaesTuner(AlgorithmContext.standalone(),
            new CmaesClassArgs(OptimizeMode.MINIMIZE, seed)), space));
        m.put("Metis", (space, seed) -> new TunerDriver(new dev.tunerd.tuners.metis.MetisTuner(
            AlgorithmContext.standalone(), new dev.tunerd.tuners.metis.MetisClassArgs(OptimizeMode.MINIMIZE, seed)),
            space));
        // -Dmetis.cold / -Dmetis.explore / -Dmetis.starts and MetisSettings (metisSettings()): Metis varied for tuning
        m.put("Metis-args", (space, seed) -> new TunerDriver(new dev.tunerd.tuners.metis.MetisTuner(
            AlgorithmContext.standalone(), new dev.tunerd.tuners.metis.MetisClassArgs(OptimizeMode.MINIMIZE, null,
                null, Integer.getInteger("metis.starts"), Integer.getInteger("metis.cold"), dblOrNull("metis.explore"),
                seed), metisSettings()), space));
        m.put("DNGO", (space, seed) -> new TunerDriver(new dev.tunerd.tuners.dngo.DngoTuner(
            AlgorithmContext.standalone(), new dev.tunerd.tuners.dngo.DngoClassArgs(OptimizeMode.MINIMIZE, seed)),
            space));
        m.put("SMAC", (space, seed) -> new TunerDriver(new SmacTuner(AlgorithmContext.standalone(),
            new SmacClassArgs(OptimizeMode.MINIMIZE, null, seed)), space));
        // -Dsmac.*: SMAC's internal settings varied for tuning (SmacSettings; see smacSettings)
        m.put("SMAC-args", (space, seed) -> new TunerDriver(new SmacTuner(AlgorithmContext.standalone(),
            new SmacClassArgs(OptimizeMode.MINIMIZE, null, seed), smacSettings()), space));
        // Auto with the run's length as the experiment's budget, as `tunerd bench quality` passes it
        m.put("Auto", (space, seed) -> new TunerDriver(new AutoTuner(AlgorithmContext.standalone().withBudget(
            ExperimentBudget.of(QualityBench.TRIALS, 1)), new AutoClassArgs(OptimizeMode.MINIMIZE, seed)), space));
        // a two-tuner portfolio (HandoverDriver): -Dhandover.first (Metis) for -Dhandover.at suggestions (half the
        // run), then -Dhandover.then (GP) given every result so far
        m.put("Handover", (space, seed) -> new HandoverDriver(space, System.getProperty("handover.first", "Metis"),
            System.getProperty("handover.then", "GP"), Integer.getInteger("handover.at", QualityBench.TRIALS / 2),
            seed));
        // -Dcma.pop / -Dcma.sigma / -Dcma.restart: classArgs variations for tuning
        m.put("CMAES-args", (space, seed) -> new TunerDriver(new CmaesTuner(AlgorithmContext.standalone(),
            new CmaesClassArgs(OptimizeMode.MINIMIZE, Integer.getInteger("cma.pop"),
                System.getProperty("cma.sigma") == null ? null : Double.valueOf(System.getProperty("cma.sigma")),
                System.getProperty("cma.restart"), Integer.getInteger("cma.startup"), seed)), space));
        return m;
    }

    static SmacSettings smacSettings() {
        return smacSettings(System::getProperty);
    }

    /**
     * SMAC's settings from {@code smac.*} keys (DEFAULT where absent): -Dsmac.random / choiceRandom / features /
     * local / randomStarts / within / logei / candidates / step / skew / trees / minSplit / redraw / warpSample /
     * far / farRadius / farTop / farAvoid / farFromRandom / farBasin / farBasinForest / farBasinStall /
     * adaptStep / meanStarts / logY / randomSplits.
     */
    static SmacSettings smacSettings(java.util.function.UnaryOperator<String> lookup) {
        SmacSettings d = SmacSettings.DEFAULT;
        java.util.function.BiFunction<String, Double, Double> num = (k, v) -> lookup.apply(k) == null ? v
            : Double.parseDouble(lookup.apply(k));
        java.util.function.BiFunction<String, Boolean, Boolean> bool = (k, v) -> lookup.apply(k) == null ? v
            : Boolean.parseBoolean(lookup.apply(k));
        return new SmacSettings(num.apply("smac.random", d.randomShare()),
            num.apply("smac.choiceRandom", d.choiceRandomShare()), num.apply("smac.features", d.featureShare()),
            num.apply("smac.local", (double) d.localStarts()).intValue(),
            num.apply("smac.randomStarts", (double) d.randomStarts()).intValue(),
            bool.apply("smac.within", d.withinLeaf()), bool.apply("smac.logei", d.logEi()),
            num.apply("smac.candidates", (double) d.randomCandidates()).intValue(), num.apply("smac.step", d.step()),
            num.apply("smac.skew", d.warpSkewness()), num.apply("smac.trees", (double) d.trees()).intValue(),
            num.apply("smac.minSplit", (double) d.minSplit()).intValue(), num.apply("smac.redraw", d.redrawShare()),
            num.apply("smac.warpSample", (double) d.warpSample()).intValue(), num.apply("smac.far", d.farShare()),
            num.apply("smac.farRadius", d.farRadius()), num.apply("smac.farTop", (double) d.farTop()).intValue(),
            num.apply("smac.farAvoid", d.farAvoid()), bool.apply("smac.farFromRandom", d.farFromRandom()),
            num.apply("smac.farBasin", d.farBasin()), bool.apply("smac.farBasinForest", d.farBasinForest()),
            num.apply("smac.farBasinStall", d.farBasinStall()), num.apply("smac.adaptStep", d.adaptiveStep()),
            bool.apply("smac.meanStarts", d.meanStarts()), num.apply("smac.logY", d.logYPercentile()),
            bool.apply("smac.randomSplits", d.randomSplits()));
    }

    /**
     * {@code SMAC-args/trees=30,redraw=0.2}: SMAC with those {@code smac.*} settings over the {@code -Dsmac.*}
     * properties, so several variants run side by side in one JVM.
     */
    static BiFunction<SearchSpace, Long, Driver> smacVariant(String spec) {
        Map<String, String> over = new HashMap<>();
        for (String kv : spec.split(",")) {
            String[] p = kv.split("=", 2);
            if (p.length != 2) {
                throw new IllegalArgumentException("SMAC-args/ takes key=value,...: " + spec);
            }
            over.put("smac." + p[0].trim(), p[1].trim());
        }
        SmacSettings s = smacSettings(k -> over.containsKey(k) ? over.get(k) : System.getProperty(k));
        return (space, seed) -> new TunerDriver(new SmacTuner(AlgorithmContext.standalone(),
            new SmacClassArgs(OptimizeMode.MINIMIZE, null, seed), s), space);
    }

    private static Double dblOrNull(String key) {
        String v = System.getProperty(key);
        return v == null ? null : Double.valueOf(v);
    }

    private static boolean flag(String key, boolean dflt) {
        String v = System.getProperty(key);
        return v == null ? dflt : Boolean.parseBoolean(v);
    }

    static TpeSampler tpe(SearchSpace space, long seed, TpeSettings s) {
        return new TpeSampler(new UnitSpace(space.parameters()), s, new Rng(seed));
    }

    static Driver sampler(InternalSampler s) {
        return new Driver() {
            @Override
            public double[] ask() {
                return s.suggest(List.of());
            }

            @Override
            public void tell(double[] internal, double loss) {
                s.observe(internal, loss);
            }
        };
    }

    /** Random search from each parameter's prior (the baseline of the normalised score). */
    static final class RandomDriver implements Driver {
        private final SearchSpace space;
        private final Rng rng;

        RandomDriver(SearchSpace space, long seed) {
            this.space = space;
            this.rng = new Rng(seed ^ 0x5DEECE66DL);
        }

        @Override
        public double[] ask() {
            double[] x = space.newInternal();
            for (int i = 0; i < x.length; i++) {
                if (space.isActive(i, x)) {
                    ParameterSpec p = space.parameters().get(i);
                    x[i] = p.categorical() ? rng.nextInt(p.size()) : p.normal() ? p.mu() + p.sigma() * rng.nextGaussian()
                        : p.low() + rng.nextDouble() * (p.high() - p.low());
                }
            }
            return x;
        }

        @Override
        public void tell(double[] internal, double loss) {
        }
    }

    /**
     * Metis's internal settings from system properties, each absent one at its default: {@code -Dmetis.eiUntil},
     * {@code -Dmetis.eiMinDims}, {@code -Dmetis.spread=true}, {@code -Dmetis.shift}, the polish ({@code
     * -Dmetis.polishEvery}, {@code polishUntil}, {@code polishRadius}, {@code polishKappa},
     * {@code polishWithin}, {@code polishStall}, {@code polishSlice=true}, {@code polishLength}, {@code
     * polishBox=PICK|PICK_AND_BOUND}), the forced far probe ({@code -Dmetis.farEvery}, {@code farFrom}, {@code
     * farDist}, {@code farStall}) and the additive view's probe ({@code -Dmetis.wellsEvery}, {@code wellsFrom}, {@code
     * wellsBandwidth}, {@code wellsGap}, {@code wellsMargin}, {@code wellsCandidate=true}, {@code wellsAll=true}, {@code wellsFit},
     * {@code wellsBest}, {@code wellsHold}).
     */
    public static dev.tunerd.tuners.metis.MetisSettings metisSettings() {
        dev.tunerd.tuners.metis.MetisSettings d = dev.tunerd.tuners.metis.MetisSettings.DEFAULT;
        dev.tunerd.tuners.metis.MetisSettings.Polish p = d.polish();
        dev.tunerd.tuners.metis.MetisSettings.Far f = d.far();
        dev.tunerd.tuners.metis.MetisSettings.Wells w = d.wells();
        return new dev.tunerd.tuners.metis.MetisSettings(Integer.getInteger("metis.eiUntil", d.eiExploreUntil()),
            Integer.getInteger("metis.eiMinDims", d.eiMinParameters()),
            Boolean.parseBoolean(System.getProperty("metis.spread", String.valueOf(d.spreadColdStart()))),
            QualityBench.dbl("metis.shift", d.priorShift()),
            new dev.tunerd.tuners.metis.MetisSettings.Polish(Integer.getInteger("metis.polishEvery", p.every()),
                Integer.getInteger("metis.polishUntil", p.until()), QualityBench.dbl("metis.polishRadius", p.radius()),
                QualityBench.dbl("metis.polishKappa", p.kappa()), QualityBench.dbl("metis.polishWithin", p.within()),
                Integer.getInteger("metis.polishStall", p.stall()),
                Boolean.parseBoolean(System.getProperty("metis.polishSlice", String.valueOf(p.slice()))),
                QualityBench.dbl("metis.polishLength", p.length()),
                dev.tunerd.tuners.metis.MetisSettings.Polish.Box.valueOf(System.getProperty("metis.polishBox",
                    p.box().name()))),
            new dev.tunerd.tuners.metis.MetisSettings.Far(Integer.getInteger("metis.farEvery", f.every()),
                Integer.getInteger("metis.farFrom", f.from()), QualityBench.dbl("metis.farDist", f.distance()),
                Integer.getInteger("metis.farStall", f.stall())),
            new dev.tunerd.tuners.metis.MetisSettings.Wells(Integer.getInteger("metis.wellsEvery", w.every()),
                Integer.getInteger("metis.wellsFrom", w.from()), QualityBench.dbl("metis.wellsBandwidth",
                w.bandwidth()), QualityBench.dbl("metis.wellsGap", w.gap()), QualityBench.dbl("metis.wellsMargin",
                w.margin()), Boolean.parseBoolean(System.getProperty("metis.wellsCandidate",
                String.valueOf(w.candidate()))), Boolean.parseBoolean(System.getProperty("metis.wellsAll",
                String.valueOf(w.all()))), QualityBench.dbl("metis.wellsFit", w.fit()),
                QualityBench.dbl("metis.wellsBest", w.best()), Integer.getInteger("metis.wellsHold", w.hold())));
    }
}
