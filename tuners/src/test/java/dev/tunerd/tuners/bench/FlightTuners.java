package dev.tunerd.tuners.bench;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.Tuner;
import dev.tunerd.tuners.anneal.AnnealAdditions;
import dev.tunerd.tuners.anneal.AnnealClassArgs;
import dev.tunerd.tuners.anneal.AnnealSampler;
import dev.tunerd.tuners.anneal.Diversity;
import dev.tunerd.tuners.anneal.AnnealTuner;
import dev.tunerd.tuners.random.RandomTuner;
import dev.tunerd.tuners.tpe.TpeArgs;
import dev.tunerd.tuners.tpe.TpeClassArgs;
import dev.tunerd.tuners.tpe.TpeTuner;
import java.util.List;
import java.util.function.LongFunction;
import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.model.HistoryTuner;
import dev.tunerd.tuners.model.InternalSampler;
import dev.tunerd.tuners.model.UnitSpace;
import dev.tunerd.tuners.tpe.kernel.TpeSampler;
import dev.tunerd.tuners.tpe.kernel.TpeSettings;

/**
 * Whole tuners by name, built as the daemon builds them for {@code tunerd bench quality} (minimise, the run's
 * seed): {@code Random}, {@code TPE}, {@code Anneal}; {@code TPE-<liar>} sets {@code constant_liar_type}.
 */
final class FlightTuners {
    private FlightTuners() {
    }

    static LongFunction<Tuner> named(String name) {
        if (name.equals("Random")) {
            return RandomTuner::new;
        }
        if (name.equals("TPE")) {
            return seed -> new TpeTuner(AlgorithmContext.standalone(), new TpeClassArgs(OptimizeMode.MINIMIZE, seed,
                TpeArgs.defaults()));
        }
        if (name.startsWith("TPE-")) {
            String liar = name.substring(4);
            return seed -> new TpeTuner(AlgorithmContext.standalone(), new TpeClassArgs(OptimizeMode.MINIMIZE, seed,
                new TpeArgs(liar, null, null, null, null, null)));
        }
        if (name.startsWith("TPE:")) {
            TpeSettings settings = tpeVariant(name.substring(4));
            return seed -> new HistoryTuner(OptimizeMode.MINIMIZE, seed, AlgorithmContext.standalone()) {
                @Override
                protected InternalSampler newSampler(SearchSpace space, Rng rng) {
                    return new TpeSampler(new UnitSpace(space.parameters()), settings, rng);
                }

                @Override
                protected String algorithm() {
                    return "TPE";
                }
            };
        }
        if (name.startsWith("Anneal:")) {
            String[] spec = name.substring(7).split(",");
            AnnealSampler.Liar liar = AnnealSampler.Liar.NONE;
            double div = 0;
            int tries = 8;
            double focus = dev.tunerd.tuners.anneal.ParentFocus.DEFAULT.perTrialInFlight();
            double rec = dev.tunerd.tuners.anneal.ParentFocus.DEFAULT.recombinedRank();
            int recFrom = dev.tunerd.tuners.anneal.ParentFocus.DEFAULT.recombineFrom();
            double away = dev.tunerd.tuners.anneal.ParentFocus.DEFAULT.elsewhereShare();
            int awayAfter = dev.tunerd.tuners.anneal.ParentFocus.DEFAULT.elsewherePatience();
            dev.tunerd.tuners.anneal.FlightSpread fs = AnnealAdditions.DEFAULT.flight();
            int spread = fs.candidates();
            int spreadUntil = fs.results();
            boolean spreadObserved = fs.observed();
            for (String kv : spec) {
                String[] p = kv.split("=");
                switch (p[0]) {
                    case "liar" -> liar = AnnealSampler.Liar.valueOf(p[1].toUpperCase(java.util.Locale.ROOT));
                    case "div" -> div = Double.parseDouble(p[1]);
                    case "tries" -> tries = Integer.parseInt(p[1]);
                    case "focus" -> focus = Double.parseDouble(p[1]);
                    case "rec" -> rec = Double.parseDouble(p[1]);
                    case "recFrom" -> recFrom = Integer.parseInt(p[1]);
                    case "away" -> away = Double.parseDouble(p[1]);
                    case "awayAfter" -> awayAfter = Integer.parseInt(p[1]);
                    case "spread" -> spread = Integer.parseInt(p[1]);
                    case "spreadUntil" -> spreadUntil = Integer.parseInt(p[1]);
                    case "spreadObs" -> spreadObserved = Boolean.parseBoolean(p[1]);
                    default -> throw new IllegalArgumentException("unknown Anneal variant key " + p[0]);
                }
            }
            AnnealSampler.Liar l = liar;
            AnnealAdditions d = AnnealAdditions.DEFAULT;
            AnnealAdditions additions = new AnnealAdditions(d.exploration(), d.restarts(), d.spread(),
                div > 0 ? new Diversity(div, tries) : Diversity.NONE,
                new dev.tunerd.tuners.anneal.ParentFocus(focus, rec, recFrom, away, awayAfter),
                new dev.tunerd.tuners.anneal.FlightSpread(spread, spreadUntil, spreadObserved, fs.categoryDistance()));
            return seed -> new HistoryTuner(OptimizeMode.MINIMIZE, seed, AlgorithmContext.standalone()) {
                @Override
                protected InternalSampler newSampler(SearchSpace space, Rng rng) {
                    return new AnnealSampler(space, rng, l, additions);
                }

                @Override
                protected String algorithm() {
                    return "Anneal";
                }
            };
        }
        if (name.equals("Anneal")) {
            return seed -> new AnnealTuner(AlgorithmContext.standalone(), new AnnealClassArgs(OptimizeMode.MINIMIZE,
                seed));
        }
        throw new IllegalArgumentException("unknown tuner " + name + "; known: Random, TPE, TPE-<liar>, "
            + "TPE:key=value,..., Anneal, Anneal:key=value,... (liar, div, tries, focus, rec, recFrom, away, "
            + "awayAfter, spread, spreadUntil, spreadObs)");
    }

    /** TPE's defaults with overrides {@code liar=model,div=0.5} (keys: liar, div, floor, stall, floorTol, ei, uni, uniAfter, uniK, pw, gamma,
     * startup, bw, goodK, basin, collapse, radius, basinAfter, basinMax, basinAxis, ref, refAfter, refScale, refTop, refFlip,
     * spread, spreadAfter, spreadCat, badW, mix, mixR, mixScale, mixTop, mixAfter, mixMin, mixFlip, mixGate, mixSmall,
     * mixSmallFrom, mixSmallUntil, mixSmallOdds, fScale, fTop,
     * fShare, fFlip, fFrom, fUntil, fProbes, and the model probe's gp (share), gpStall, gpCap, gpKappa, gpLean (1: lean), gpOwn (1: the stall test on the
     * run's own results), gpFirst (L-BFGS iterations of the lean first fit), gpRows (its rows), gp1Rows, gp1Cands, gp1Local (the first
     * probe's model rows, 0: the cap; warm-up candidates, 0: the lean budget; 1: its local search, 0: none)). */
    static TpeSettings tpeVariant(String spec) {
        TpeSettings d = TpeArgs.defaults().settings();
        TpeSettings.Liar liar = d.liar();
        double div = d.diversity();
        double floor = d.floor().share();
        double stall = d.floor().stall();
        double floorTol = d.floor().tolerance();
        int ei = d.eiCandidates();
        double uni = d.independentShare();
        int uniAfter = d.independentAfter();
        double uniK = d.independentInFlight();
        double pw = d.priorWeight();
        double gamma = d.gammaLinear();
        int startup = d.startupTrials();
        double bw = d.bandwidthFactor();
        double goodK = d.goodInFlight();
        // the other keys of the second basin start at the measured variant's, so that basin=0.3 alone runs it
        dev.tunerd.tuners.tpe.kernel.SecondBasin basin = d.basin().share() > 0 ? d.basin() : TpeArgs.BASIN_TRIED;
        double bShare = d.basin().share();
        double bCollapse = basin.collapse();
        double bRadius = basin.radius();
        int bAfter = basin.after();
        int bLimit = basin.limit();
        double bAxis = basin.axis();
        dev.tunerd.tuners.tpe.kernel.LocalRefine r = d.refine();
        double ref = r.share();
        int refAfter = r.after();
        double refScale = r.scale();
        int refTop = r.top();
        double refFlip = r.flip();
        dev.tunerd.tuners.tpe.kernel.SpreadStartup sp = d.spread();
        int spread = sp.candidates();
        int spreadAfter = sp.results();
        double spreadCat = sp.categoryDistance();
        double badW = d.inFlightBad();
        // the batch portfolio's keys, in the order of its components
        List<String> mixKeys = List.of("mix", "mixR", "mixScale", "mixTop", "mixAfter", "mixMin", "mixFlip", "mixGate",
            "mixSmall", "mixSmallFrom", "mixSmallUntil", "mixSmallOdds");
        dev.tunerd.tuners.tpe.kernel.BatchPortfolio pf = d.portfolio();
        double[] mix = {pf.share(), pf.radius(), pf.scale(), pf.top(), pf.after(), pf.minInFlight(), pf.flip(),
            pf.gate(), pf.small(), pf.smallFrom(), pf.smallUntil(), pf.smallOdds()};
        // the in-flight local step's keys, in the order of its components
        List<String> flightKeys = List.of("fScale", "fTop", "fShare", "fFlip", "fFrom", "fUntil", "fProbes");
        dev.tunerd.tuners.tpe.kernel.FlightRefine fr = d.flightRefine();
        double[] flight = {fr.scale(), fr.top(), fr.share(), fr.flip(), fr.from(), fr.until(), fr.probes()};
        // the model probe's keys, in the order of its components
        // gpStep / gpFlat / gpFlatK: the first fit's L-BFGS first step, flat tolerance and flat iterations;
        // gp1Step / gp1Flat / gp1FlatK: the same for the first probe's local search
        List<String> probeKeys = List.of("gp", "gpStall", "gpCap", "gpKappa", "gpLean", "gpOwn", "gpFirst", "gpRows",
            "gp1Rows", "gp1Cands", "gp1Local", "gpStep", "gpFlat", "gpFlatK", "gp1Step", "gp1Flat", "gp1FlatK");
        dev.tunerd.tuners.tpe.kernel.ModelProbe mp = d.probe();
        dev.tunerd.tuners.common.BoundedLbfgs.Steps fs = mp.fitSteps();
        dev.tunerd.tuners.common.BoundedLbfgs.Steps ls = mp.first().localSteps();
        double[] probe = {mp.share(), mp.stall(), mp.cap(), mp.kappa(), mp.lean() ? 1 : 0, mp.own() ? 1 : 0,
            mp.firstFit(), mp.firstRows(), mp.first().rows(), mp.first().candidates(), mp.first().local() ? 1 : 0,
            fs.firstStep(), fs.flatTolerance(), fs.flatIterations(), ls.firstStep(), ls.flatTolerance(),
            ls.flatIterations()};
        for (String kv : spec.split(",")) {
            String[] p = kv.split("=");
            switch (p[0]) {
                case "liar" -> liar = TpeSettings.Liar.valueOf(p[1].toUpperCase(java.util.Locale.ROOT));
                case "div" -> div = Double.parseDouble(p[1]);
                case "floor" -> floor = Double.parseDouble(p[1]);
                case "stall" -> stall = Double.parseDouble(p[1]);
                case "floorTol" -> floorTol = Double.parseDouble(p[1]);
                case "ei" -> ei = Integer.parseInt(p[1]);
                case "uni" -> uni = Double.parseDouble(p[1]);
                case "uniAfter" -> uniAfter = Integer.parseInt(p[1]);
                case "uniK" -> uniK = Double.parseDouble(p[1]);
                case "pw" -> pw = Double.parseDouble(p[1]);
                case "gamma" -> gamma = Double.parseDouble(p[1]);
                case "startup" -> startup = Integer.parseInt(p[1]);
                case "bw" -> bw = Double.parseDouble(p[1]);
                case "goodK" -> goodK = Double.parseDouble(p[1]);
                case "basin" -> bShare = Double.parseDouble(p[1]);
                case "collapse" -> bCollapse = Double.parseDouble(p[1]);
                case "radius" -> bRadius = Double.parseDouble(p[1]);
                case "basinAfter" -> bAfter = Integer.parseInt(p[1]);
                case "basinMax" -> bLimit = Integer.parseInt(p[1]);
                case "basinAxis" -> bAxis = Double.parseDouble(p[1]);
                case "ref" -> ref = Double.parseDouble(p[1]);
                case "refAfter" -> refAfter = Integer.parseInt(p[1]);
                case "refScale" -> refScale = Double.parseDouble(p[1]);
                case "refTop" -> refTop = Integer.parseInt(p[1]);
                case "refFlip" -> refFlip = Double.parseDouble(p[1]);
                case "spread" -> spread = Integer.parseInt(p[1]);
                case "spreadAfter" -> spreadAfter = Integer.parseInt(p[1]);
                case "spreadCat" -> spreadCat = Double.parseDouble(p[1]);
                case "badW" -> badW = Double.parseDouble(p[1]);
                default -> {
                    if (mixKeys.contains(p[0])) {
                        mix[mixKeys.indexOf(p[0])] = Double.parseDouble(p[1]);
                    } else if (flightKeys.contains(p[0])) {
                        flight[flightKeys.indexOf(p[0])] = Double.parseDouble(p[1]);
                    } else if (probeKeys.contains(p[0])) {
                        probe[probeKeys.indexOf(p[0])] = Double.parseDouble(p[1]);
                    } else {
                        throw new IllegalArgumentException("unknown TPE variant key " + p[0]);
                    }
                }
            }
        }
        return new TpeSettings(startup, ei, d.linearForgetting(), pw,
            d.gammaSqrt(), gamma, bw, d.badCap(), uni, uniAfter, liar, div, new dev.tunerd.tuners.tpe.kernel.ExplorationFloor(floor, stall, floorTol), uniK, goodK,
            new dev.tunerd.tuners.tpe.kernel.SecondBasin(bShare, bCollapse, bRadius, bAfter, bLimit, bAxis),
            new dev.tunerd.tuners.tpe.kernel.LocalRefine(ref, refAfter, refScale, refTop, refFlip),
            new dev.tunerd.tuners.tpe.kernel.SpreadStartup(spread, spreadAfter, spreadCat), badW,
            new dev.tunerd.tuners.tpe.kernel.BatchPortfolio(mix[0], mix[1], mix[2], (int) mix[3],
                (int) mix[4], (int) mix[5], mix[6], mix[7], (int) mix[8], (int) mix[9], (int) mix[10], mix[11]),
            new dev.tunerd.tuners.tpe.kernel.FlightRefine(flight[0], (int) flight[1], flight[2], flight[3],
                (int) flight[4], (int) flight[5], (int) flight[6]),
            new dev.tunerd.tuners.tpe.kernel.ModelProbe(probe[0], probe[1], (int) probe[2], probe[3],
                probe[4] > 0, probe[5] > 0, (int) probe[6], (int) probe[7],
                new dev.tunerd.tuners.gp.FirstSearch((int) probe[8], (int) probe[9], probe[10] > 0,
                    new dev.tunerd.tuners.common.BoundedLbfgs.Steps(probe[14], probe[15], (int) probe[16])),
                new dev.tunerd.tuners.common.BoundedLbfgs.Steps(probe[11], probe[12], (int) probe[13])));
    }
}
