package dev.tunerd.tuners.hyperband;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.tuners.common.Rng;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleBinaryOperator;
import org.junit.jupiter.api.Test;

/**
 * What Hyperband keeps between decisions besides the payoff check's answers (issue 13 session 24): the evidence's
 * lists ({@link PayoffEvidence}), the engine's trials in flight and the brackets its scans skip ({@link
 * BracketEngine}). Each must read as what a fresh object fed the same history reads, and a tuner restored from its
 * snapshot before every request (every cache rebuilt from the state) must issue what the running one does.
 */
class HyperbandDecisionCachesTest {
    private static final BracketPlan PLAN = BracketPlan.hyperband(9, 3); // rungs at 1 and 3 epochs, R = 9

    private static List<Double> history(Rng rng) {
        List<Double> h = new ArrayList<>();
        for (int e = 0; e < 9; e++) {
            h.add(rng.nextDouble());
        }
        return h;
    }

    /**
     * An evidence read after every change (lists handed out and kept) reads as one fed the same ends, winners and
     * issues and read only then: a new training, a winner and a restore of another run's state (after which ends
     * reuse the ordinals of the lists handed out) all reach the next read.
     */
    @Test
    void theEvidencesListsFollowEveryChange() {
        boolean[] others = {false};
        PayoffEvidence read = new PayoffEvidence(PLAN, 5, () -> others[0]);
        PayoffEvidence[] target = new PayoffEvidence[1];
        List<Runnable> history = new ArrayList<>();
        List<Runnable> otherHistory = new ArrayList<>(); // another run's, whose state a resume reads in
        Rng rng = Rng.withSeed(24010);
        Rng otherValues = Rng.withSeed(24012);
        for (int step = 0; step < 60; step++) {
            int what = rng.nextInt(4);
            history.add(change(rng, what, target));
            otherHistory.add(change(otherValues, what, target)); // the same changes, other values
            target[0] = read;
            history.get(history.size() - 1).run();
            others[0] = step % 3 == 0;
            if (step == 30) { // a resume from another run's state into the same object: the same ordinals
                PayoffEvidence other = new PayoffEvidence(PLAN, 5, () -> others[0]);
                target[0] = other;
                otherHistory.forEach(Runnable::run);
                read.restore(Json.parse(Json.writeAllowingNonFinite(other.snapshot())));
                history.clear();
                history.addAll(otherHistory);
            }
            PayoffEvidence fresh = new PayoffEvidence(PLAN, 5, () -> others[0]);
            target[0] = fresh;
            history.forEach(Runnable::run);
            target[0] = read;
            assertEquals(fresh.curves().size(), read.curves().size(), "step " + step);
            for (int i = 0; i < fresh.curves().size(); i++) {
                assertArrayEquals(fresh.curves().get(i), read.curves().get(i), "step " + step + ", training " + i);
            }
            assertEquals(fresh.previousCurves().size(), read.previousCurves().size(), "step " + step);
            assertEquals(fresh.winners(), read.winners(), "step " + step);
            assertEquals(fresh.allWinners(), read.allWinners(), "step " + step);
        }
    }

    /**
     * A change of an evidence ({@code target[0]} when run), values from {@code rng}: {@code what} 0 an end, 1 a
     * winner, 2 an issue, 3 an end without intermediate results.
     */
    private static Runnable change(Rng rng, int what, PayoffEvidence[] target) {
        List<Double> h = history(rng);
        double loss = rng.nextDouble();
        return () -> {
            switch (what) {
                case 0 -> target[0].ended(h, loss);
                case 1 -> target[0].winner(loss);
                case 2 -> target[0].issued();
                default -> target[0].ended(List.of(), loss); // no intermediate results: adds nothing
            }
        };
    }

    /**
     * An engine driven at random (issues, ends with and without a result, late results that promote or swap, restores
     * from its snapshot): whether a trial is in flight equals the walk over every id issued (sessions 8-23's
     * definition), and the round limit from the first unsettled bracket equals the scan from the first bracket.
     */
    @Test
    void theEnginesTrialsInFlightAndSettledBracketsFollowEveryChange() {
        BracketPlan plan = BracketPlan.hyperband(27, 3);
        BracketEngine engine = new BracketEngine(plan, false, true);
        Rng rng = Rng.withSeed(24011);
        List<Long> running = new ArrayList<>();
        List<Long> ended = new ArrayList<>();
        int[] drawn = {0};
        BracketEngine.ConfigSource source = budget -> JsonObject.builder().put("c", drawn[0]++).build();
        long nextId = 0;
        int limits = 0;
        for (int step = 0; step < 3000; step++) {
            int what = rng.nextInt(10);
            if (what < 5 && running.size() < 8 || running.isEmpty()) { // at most 8 workers
                long id = nextId++;
                if (engine.issue(id, source) != null) {
                    running.add(id);
                }
            } else if (what < 9) {
                long id = running.remove(rng.nextInt(running.size()));
                if (what < 8) { // else it ends without a result
                    engine.report(id, Long.MAX_VALUE, rng.nextDouble());
                }
                engine.end(id);
                ended.add(id);
            } else if (!ended.isEmpty()) { // a FINAL after its EN
                long id = ended.get(rng.nextInt(ended.size()));
                if (engine.report(id, Long.MAX_VALUE, rng.nextDouble() - 0.5)) {
                    engine.lateResult(id);
                }
            }
            if (step % 250 == 249) {
                BracketEngine restored = new BracketEngine(plan, false, true);
                EngineState.read(restored, Json.parse(Json.writeAllowingNonFinite(EngineState.write(engine))));
                engine = restored;
            }
            boolean walk = false;
            for (long id : engine.issued.keySet()) {
                walk |= !engine.hasEnded(id);
            }
            assertEquals(walk, engine.anyInFlight(), "step " + step);
            int limit = DecisionHold.roundsLimit(engine.brackets, plan);
            assertEquals(limit, DecisionHold.roundsLimit(engine.unsettledBrackets(), plan), "step " + step);
            limits += limit < Integer.MAX_VALUE ? 1 : 0;
        }
        assertTrue(4 * engine.unsettledBrackets().size() < engine.brackets.size(), "brackets settle as the run goes: "
            + engine.unsettledBrackets().size() + " of " + engine.brackets.size() + " unsettled");
        assertTrue(limits > 100, "a largest bracket's round was in flight at " + limits + " steps");
    }

    /** Early ranks favour a large x; the final value the middle: curves that cross, so the checks are at work. */
    private static final DoubleBinaryOperator CROSSING = (x, e) -> (x - 0.4) * (x - 0.4) + (0.5 - x) * 0.6 / e;

    /**
     * With 1 and 4 workers, a tuner replaced before every request by one restored from its snapshot (its caches
     * rebuilt from the state, none of them in it) issues the ids the running tuner issues with its caches warm.
     */
    @Test
    void aTunerRestoredBeforeEveryRequestIssuesWhatTheWarmOneIssues() {
        HyperbandArgs args = HyperbandArgs.defaults().withOptimizeMode("minimize").withR(81).withEta(3).withSeed(1L);
        for (int workers : new int[] {1, 4}) {
            List<List<String>> runs = HyperbandWorkersTest.warmAndRestored(args, CROSSING, workers, 700);
            List<String> warm = runs.get(0);
            assertEquals(warm, runs.get(1), workers + " workers");
            assertTrue(warm.stream().anyMatch(w -> w.contains("-4_")) && warm.stream().anyMatch(w -> w.contains("-0_")),
                "halving brackets and full trainings both ran: " + warm.subList(0, 40));
        }
    }
}
