package dev.tunerd.tuners.hyperband;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.tuners.common.RandomSampler;
import dev.tunerd.tuners.common.RankAgreement;
import dev.tunerd.tuners.common.Rng;
import java.lang.System.Logger.Level;
import java.util.Optional;

/**
 * NNI's Hyperband advisor as a tuner: random configurations run through brackets of successive halving
 * ({@link BracketEngine}), ids named NNI's way ({@code "0-4_0_7"}), {@code TRIAL_BUDGET} in every parameter set. A
 * round is ranked by the last value each trial reported, intermediate or final. Serial mode owes requests as NNI's
 * credit does ({@link BracketTuner}). Imported data is ignored, as in NNI. Not thread-safe (see {@link Tuner}).
 */
public final class HyperbandTuner extends BracketTuner {
    private static final System.Logger LOG = System.getLogger(HyperbandTuner.class.getName());

    private Rng rng;
    /** With {@code separate_streams}: the stream of the brackets that halve; null without. */
    private Rng halvingRng;
    private SearchSpace space;
    /** The search space's unit cube, for {@code promote_by} ({@link FinalPredictor}); null before the space. */
    private ConfigFeatures features;

    public HyperbandTuner(HyperbandArgs args, long seed, AlgorithmContext context) {
        super(new BracketEngine(BracketPlan.hyperband(args.R(), args.eta()), args.execMode().equals("serial"), true),
            args.mode(), context, args.rankAgreement() == null ? RankAgreement.ALWAYS : args.rankAgreement());
        if (args.rankAgreement() == null) {
            checkBracketsByPayoff(PayoffSettings.of(args));
            if (args.largestFirst() && LargestFirst.applies(engine.plan(), args.earlyMargin())) {
                engine.openWithLargest();
            }
        }
        promoteBy(FinalPredictor.Mode.of(args.promoteBy()), params -> features == null ? null : features.apply(params),
            args.replayByModel());
        this.rng = Rng.withSeed(seed);
        if (args.separateStreams()) {
            this.halvingRng = Rng.withSeed(seed ^ HALVING_STREAM);
            engine.fullTrainingsKeepTheirDraws();
        }
    }

    /** Mixed into the seed for the halving brackets' stream ({@code separate_streams}). */
    private static final long HALVING_STREAM = 0x6A09E667F3BCC909L;

    @Override
    public void updateSearchSpace(JsonObject searchSpace) {
        BudgetedParameters.checkSpace(searchSpace);
        SearchSpace parsed = SearchSpace.parse(searchSpace, SearchSpace.ALL_TYPES);
        parsed.warnings().forEach(w -> LOG.log(Level.WARNING, w));
        space = parsed;
        features = new ConfigFeatures(parsed);
    }

    @Override
    protected Optional<String> snapshotMisfit(JsonObject params) {
        return params == null || space == null ? Optional.empty() : space.misfit(params);
    }

    @Override
    protected boolean hasSpace() {
        return space != null;
    }

    @Override
    protected JsonObject newConfig(int budget) {
        // only the full trainings' configurations start at the full budget (every bracket that halves starts below it)
        boolean halving = halvingRng != null && budget < engine.plan().maxBudget();
        return space.format(RandomSampler.sample(space, halving ? halvingRng : rng));
    }

    /** The generator's state; with {@code separate_streams}, the full trainings' and the halving brackets' states. */
    @Override
    protected JsonValue ownState() {
        return halvingRng == null ? JsonInt.of(rng.state())
            : JsonArray.of(JsonInt.of(rng.state()), JsonInt.of(halvingRng.state()));
    }

    @Override
    protected void restoreOwnState(JsonValue state) {
        if (state instanceof JsonInt i) { // one stream (or a state written before separate_streams existed)
            rng = new Rng(i.value());
        } else if (halvingRng != null && state instanceof JsonArray a && a.size() == 2
            && a.get(0) instanceof JsonInt full && a.get(1) instanceof JsonInt halving) {
            rng = new Rng(full.value());
            halvingRng = new Rng(halving.value());
        } else {
            throw new IllegalArgumentException("Hyperband snapshot \"own\" must be the generator state"
                + (halvingRng == null ? "" : " or the two streams' states"));
        }
    }
}
