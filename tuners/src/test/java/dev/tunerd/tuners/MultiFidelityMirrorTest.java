package dev.tunerd.tuners;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.Assessor;
import dev.tunerd.spi.NamesParameterIds;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.ReceivesIntermediateResults;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.tuners.asha.AshaArgs;
import dev.tunerd.tuners.asha.AshaTuner;
import dev.tunerd.tuners.bohb.BohbArgs;
import dev.tunerd.tuners.bohb.BohbTuner;
import dev.tunerd.tuners.curvefitting.CurvefittingArgs;
import dev.tunerd.tuners.curvefitting.CurvefittingAssessor;
import dev.tunerd.tuners.hyperband.HyperbandArgs;
import dev.tunerd.tuners.hyperband.HyperbandTuner;
import dev.tunerd.tuners.medianstop.MedianstopAssessor;
import dev.tunerd.tuners.successivehalving.SuccessiveHalvingArgs;
import dev.tunerd.tuners.successivehalving.SuccessiveHalvingAssessor;
import dev.tunerd.tuners.testkit.MirrorStreams;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.DoubleUnaryOperator;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code optimize_mode: maximize} is the exact mirror of {@code minimize} in every multi-fidelity algorithm (issue 13
 * session 25): one seeded stream of crossing learning curves ({@link MirrorStreams}) played twice, losses to the
 * algorithm told to minimise and the negated losses to the one told to maximise, gives the same decisions (ids,
 * parameters and budgets issued, requests left unanswered, assessors' verdicts step by step). Negation is turned back
 * bit for bit, so any difference is a direction slip, not rounding. Each test also checks that the stream decided
 * something (promotions, stops), so an algorithm that did nothing cannot pass by accident.
 */
class MultiFidelityMirrorTest {
    private static final int EPOCHS = 27;
    private static final long SEED = 22_517L;
    private static final Pattern BUDGET = Pattern.compile("\"TRIAL_BUDGET\": ?([0-9]+)");

    /** A tuner made for a mode, with the map its context's sender pays owed requests into. */
    private record Made<T extends Tuner & NamesParameterIds & ReceivesIntermediateResults>(
        T tuner, Map<Long, JsonValue> paid) {
    }

    /** The first decision where the mirror parts from the losses, named; then the counts. */
    private static void assertSameDecisions(List<String> losses, List<String> scores) {
        for (int i = 0; i < Math.min(losses.size(), scores.size()); i++) {
            if (!losses.get(i).equals(scores.get(i))) {
                fail("decision " + i + " differs: minimize on losses \"" + losses.get(i)
                    + "\", maximize on the mirror \"" + scores.get(i) + "\"");
            }
        }
        assertEquals(losses.size(), scores.size(), "as many decisions either way");
    }

    private static AlgorithmContext context(Map<Long, JsonValue> paid) {
        return new AlgorithmContext(paid::put, Optional.empty(), Clock.fixed(Instant.EPOCH, ZoneOffset.UTC));
    }

    /** The decisions of the advisor {@code make} builds for a mode, on losses (minimise) and on their mirror. */
    private static <T extends Tuner & NamesParameterIds & ReceivesIntermediateResults> void assertMirrored(
            Function<OptimizeMode, Made<T>> make, int workers, long epochBudget) throws Exception {
        Made<T> min = make.apply(OptimizeMode.MINIMIZE);
        List<String> losses = MirrorStreams.advisorDecisions(min.tuner(), min.paid(), DoubleUnaryOperator.identity(),
            workers, EPOCHS, epochBudget);
        Made<T> max = make.apply(OptimizeMode.MAXIMIZE);
        List<String> scores = MirrorStreams.advisorDecisions(max.tuner(), max.paid(), MirrorStreams.NEGATED, workers,
            EPOCHS, epochBudget);
        assertSameDecisions(losses, scores);
        Set<String> budgets = new TreeSet<>();
        losses.forEach(l -> {
            Matcher m = BUDGET.matcher(l);
            if (m.find()) {
                budgets.add(m.group(1));
            }
        });
        assertTrue(budgets.contains(String.valueOf(EPOCHS)) && budgets.size() >= 2,
            "the stream trained at several budgets, the full one among them: " + budgets);
        assertTrue(losses.stream().filter(l -> l.startsWith("issue")).count() > 30, "the stream issued trials");
    }

    private static Made<HyperbandTuner> hyperband(OptimizeMode mode, String execMode) {
        Map<Long, JsonValue> paid = new HashMap<>();
        return new Made<>(new HyperbandTuner(HyperbandArgs.defaults().withOptimizeMode(mode.toString()).withR(EPOCHS)
            .withEta(3).withExecMode(execMode).withSeed(SEED), SEED, context(paid)), paid);
    }

    @Test
    void hyperbandDecidesAlikeOnLossesAndTheirMirror() throws Exception {
        // long enough for the payoff checks, the early start and the refresh to read full trainings and rungs
        assertMirrored(m -> hyperband(m, "parallelism"), 1, 60L * EPOCHS);
        assertMirrored(m -> hyperband(m, "parallelism"), 4, 60L * EPOCHS);
    }

    @Test
    void serialHyperbandDecidesAlike() throws Exception {
        assertMirrored(m -> hyperband(m, "serial"), 3, 30L * EPOCHS);
    }

    private static Made<BohbTuner> bohb(OptimizeMode mode, String sampler) {
        Map<Long, JsonValue> paid = new HashMap<>();
        return new Made<>(new BohbTuner(BohbArgs.builder().optimizeMode(mode.toString()).minBudget(1).maxBudget(EPOCHS)
            .eta(3).sampler(sampler).seed(SEED).build(), SEED, context(paid)), paid);
    }

    @Test
    void bohbDecidesAlikeWithEitherModel() throws Exception {
        // enough results per budget for the models (good/bad split) to draw configurations
        assertMirrored(m -> bohb(m, "tpe"), 2, 40L * EPOCHS);
        assertMirrored(m -> bohb(m, "kde"), 2, 40L * EPOCHS);
    }

    private static Made<AshaTuner> asha(OptimizeMode mode, String sampler, Double rankAgreement) {
        return new Made<>(new AshaTuner(AshaArgs.builder().optimizeMode(mode.toString()).minBudget(EPOCHS / 9)
            .maxBudget(EPOCHS).eta(3).sampler(sampler).rankAgreement(rankAgreement).seed(SEED).build(), SEED),
            new HashMap<>());
    }

    @Test
    void ashaDecidesAlikeWithEitherSampler() throws Exception {
        // the rank check (default) holds the rungs back until 30 full trainings: a longer stream
        assertMirrored(m -> asha(m, "random", null), 3, 60L * EPOCHS);
        assertMirrored(m -> asha(m, "tpe", null), 3, 60L * EPOCHS);
        assertMirrored(m -> asha(m, "random", -1.0), 3, 30L * EPOCHS);
    }

    /** An assessor's verdicts on losses (minimise) and on {@code mirror} of them (maximise) are the same. */
    private static void assertMirrored(Function<OptimizeMode, Assessor> make, DoubleUnaryOperator mirror, int trials) {
        List<String> losses = MirrorStreams.assessorDecisions(make.apply(OptimizeMode.MINIMIZE),
            DoubleUnaryOperator.identity(), SEED, 3, trials, EPOCHS);
        List<String> scores = MirrorStreams.assessorDecisions(make.apply(OptimizeMode.MAXIMIZE), mirror, SEED, 3,
            trials, EPOCHS);
        assertSameDecisions(losses, scores);
        long stopped = losses.stream().filter(l -> l.endsWith("BAD")).count();
        assertTrue(stopped > 3 && stopped < trials, "some trials stopped, some not: " + stopped);
    }

    @Test
    void successiveHalvingStopsAlike() {
        // the rank agreement's default (0.7) and its seeded draws included
        assertMirrored(m -> new SuccessiveHalvingAssessor(new SuccessiveHalvingArgs(m.toString(), 1, 3, null, null,
            SEED)), MirrorStreams.NEGATED, 40);
        assertMirrored(m -> new SuccessiveHalvingAssessor(new SuccessiveHalvingArgs(m.toString(), 3, 3, null, -1.0,
            SEED)), MirrorStreams.NEGATED, 40);
    }

    @Test
    void medianstopStopsAlike() {
        // NNI's medians differ by mode (index (n-1)/2 maximising, n/2 minimising of the sorted values): mirrors
        assertMirrored(m -> new MedianstopAssessor(m, 3), MirrorStreams.NEGATED, 40);
    }

    @Test
    void curvefittingStopsAlikeOnTheScoreItFitsForLosses() {
        // Curvefitting is no affine mirror: NNI's families are fitted to accuracies, so minimize fits the score
        // 1 / (1 + loss) and stops below best / threshold in loss. At threshold 1 that is exactly maximize on the
        // score.
        assertMirrored(m -> new CurvefittingAssessor(new CurvefittingArgs(EPOCHS, 6, 1.0, 3, m.toString())),
            loss -> 1 / (1 + loss), 10);
    }
}
