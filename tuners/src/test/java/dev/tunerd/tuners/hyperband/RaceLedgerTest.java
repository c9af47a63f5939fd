package dev.tunerd.tuners.hyperband;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.hyperband.SpendRace.Arm;
import dev.tunerd.tuners.hyperband.SpendRace.Result;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The race's arms kept as the run goes ({@link RaceLedger}, issue 13 session 27) read exactly as the walk over every
 * bracket ({@link #halving}, {@link #full}: {@link SpendRace#fold} over them all) after every change an engine goes through, and the
 * running bests ({@link ArmTally}) as the scan of every result.
 */
class RaceLedgerTest {

    /**
     * An engine driven at random (issues with up to 6 workers, ends with and without a result, values and late
     * results for ended trials, which re-rank rounds of brackets the ledger folded, restores of its own and of another
     * run's state into it): after every step the ledger's arms equal the walk's, at every spend a decision can ask.
     * Fails when a change of a folded bracket does not reach the ledger (without the engine's report of a late value,
     * of a late promotion or of a restore).
     */
    @Test
    void theLedgerReadsAsTheWalkOverEveryBracketAfterEveryChange() {
        BracketPlan plan = BracketPlan.hyperband(27, 3);
        Rng rng = Rng.withSeed(23801);
        Engine run = new Engine(plan);
        Engine other = new Engine(plan); // another run, whose states are restored into the first
        RaceLedger ledger = new RaceLedger(run.engine);
        int restartsSeen = 0;
        int maxFolded = 0;
        int lastFolded = 0;
        for (int step = 0; step < 4000; step++) {
            run.step(rng);
            other.step(rng);
            if (step % 400 == 199) { // a restore of the run's own state (new objects, the same content)
                EngineState.read(run.engine, Json.parse(Json.writeAllowingNonFinite(EngineState.write(run.engine))));
            }
            if (step % 1000 == 999) { // a restore of another run's state into the same engine
                EngineState.read(run.engine, Json.parse(Json.writeAllowingNonFinite(EngineState.write(other.engine))));
                run.adopt(other);
            }
            restartsSeen += ledger.folded() < lastFolded ? 1 : 0; // a folded bracket changed
            assertSame(run.engine, ledger, "step " + step);
            lastFolded = ledger.folded();
            maxFolded = Math.max(maxFolded, lastFolded);
        }
        assertTrue(maxFolded > 100, "the ledger folds the brackets that no longer change: " + maxFolded);
        assertTrue(restartsSeen >= 4, "late results and restores made it start over " + restartsSeen + " times");
    }

    /** The ledger's arms against the walk's: scalars, and the best within every spend around a stamp. */
    private static void assertSame(BracketEngine engine, RaceLedger ledger, String where) {
        Arm h = halving(engine);
        Arm f = full(engine);
        int r = engine.plan().maxBudget();
        ledger.read((lh, lf) -> {
            assertEquals(h.committed(), lh.committed(), where + ": H committed");
            assertEquals(h.in(), lh.in(), where + ": H in");
            assertEquals(f.committed(), lf.committed(), where + ": F committed");
            assertEquals(f.in(), lf.in(), where + ": F in");
            assertEquals(h.results(), lh.arm().results(), where + ": H results");
            assertEquals(f.results(), lf.arm().results(), where + ": F results");
            TreeSet<Long> spends = new TreeSet<>(List.of(0L, h.in(), f.in(), Math.min(h.in(), f.in()) + r / 2));
            for (Result x : h.results()) {
                spends.addAll(List.of(x.spend() - 1, x.spend(), x.spend() + 1));
            }
            for (Result x : f.results()) {
                spends.addAll(List.of(x.spend() - 1, x.spend(), x.spend() + 1));
            }
            for (long spend : spends) {
                assertEquals(h.bestWithin(spend), lh.bestWithin(spend), where + ": H within " + spend);
                assertEquals(f.bestWithin(spend), lf.bestWithin(spend), where + ": F within " + spend);
            }
            assertEquals(SpendRace.standing(h, f, r), SpendRace.standing(lh, lf, r), where + ": standing");
            return null;
        });
    }

    /** An engine driven at random, with the ids it issued and which of them ended. */
    private static final class Engine {
        final BracketEngine engine;
        final List<Long> running = new ArrayList<>();
        final List<Long> ended = new ArrayList<>();
        long nextId;
        int drawn;

        Engine(BracketPlan plan) {
            engine = new BracketEngine(plan, false, true);
        }

        void step(Rng rng) {
            int what = rng.nextInt(20);
            BracketEngine.ConfigSource source = budget -> JsonObject.builder().put("c", drawn++).build();
            if (what < 9 && running.size() < 6 || running.isEmpty()) {
                long id = nextId++;
                if (engine.issue(id, source) != null) {
                    running.add(id);
                }
            } else if (what < 18) {
                long id = running.remove(rng.nextInt(running.size()));
                if (what < 17) { // else it ends without a result
                    engine.report(id, 1 + rng.nextInt(3), Math.floor(rng.nextDouble() * 50) / 50); // ties too
                }
                engine.end(id);
                ended.add(id);
            } else if (!ended.isEmpty()) {
                long id = ended.get(rng.nextInt(ended.size()));
                if (what == 18) { // a value after its end: a FINAL after its EN
                    engine.report(id, Long.MAX_VALUE - rng.nextInt(2), rng.nextDouble() - 0.5);
                } else { // its re-ranking, read apart from the value (the ledger may have folded the bracket between)
                    engine.lateResult(id);
                }
            }
        }

        /** After {@code other}'s state was restored into this engine: its ids are this run's from now on. */
        void adopt(Engine other) {
            running.clear();
            running.addAll(other.running);
            ended.clear();
            ended.addAll(other.ended);
            nextId = Math.max(nextId, other.nextId) + 1_000_000;
            other.nextId = nextId + 1_000_000; // the two runs' ids stay apart
        }
    }

    /** The running bests give the scan's answer, ties (the first of equal values) and signed zeros included. */
    @Test
    void theRunningBestsAnswerAsTheScanOfEveryResult() {
        Rng rng = Rng.withSeed(23802);
        for (int trial = 0; trial < 200; trial++) {
            ArmTally tally = new ArmTally();
            List<Result> results = new ArrayList<>();
            long stamp = 0;
            int n = rng.nextInt(30);
            for (int i = 0; i < n; i++) {
                stamp += rng.nextInt(3) * 27L; // equal stamps too
                double loss = switch (rng.nextInt(4)) {
                    case 0 -> 0.0;
                    case 1 -> -0.0;
                    default -> Math.floor(rng.nextDouble() * 5) / 5;
                };
                tally.add(stamp, loss);
                results.add(new Result(stamp, loss));
            }
            Arm scan = new Arm(stamp, stamp, results);
            for (long spend = -1; spend <= stamp + 1; spend++) {
                assertEquals(scan.bestWithin(spend), tally.bestWithin(spend), "trial " + trial + ", spend " + spend);
            }
            ArmTally.Mark mark = tally.mark();
            tally.add(stamp + 1, -1);
            tally.committed += 5;
            tally.rollBack(mark);
            assertEquals(scan.bestWithin(stamp + 1), tally.bestWithin(stamp + 1), "rolled back");
            assertEquals(results, tally.arm().results(), "rolled back");
        }
        ArmTally tally = new ArmTally();
        tally.add(54, 0.1);
        assertThrows(IllegalStateException.class, () -> tally.add(27, 0.2), "stamps never fall along the walk");
    }

    /** The ledger is what the race reads: the same verdicts as the walk, through the engine's own brackets. */
    @Test
    void theRaceAllowsWhatTheWalkAllows() {
        BracketPlan plan = BracketPlan.hyperband(27, 3);
        Engine run = new Engine(plan);
        RaceLedger ledger = new RaceLedger(run.engine);
        Rng rng = Rng.withSeed(23803);
        int allowed = 0;
        int refused = 0;
        for (int step = 0; step < 1500; step++) {
            run.step(rng);
            Arm h = halving(run.engine);
            Arm f = full(run.engine);
            for (int s = 1; s <= plan.sMax(); s++) {
                for (double outlook : new double[] {-1, 20}) {
                    Arm[] arms = {h, f};
                    double bound = outlook < 0 ? SpendRace.bound(h, f, 27, 4, 3)
                        : RaceOutlook.standing(arms[0], arms[1], 27, outlook) == SpendRace.Standing.TRAILS ? 3 : 4;
                    boolean walk = SpendRace.allows(h, f, SpendRace.cost(plan, s), bound);
                    assertEquals(walk, SpendRace.allows(ledger, s, 4, 3, outlook), "step " + step + ", s " + s);
                    allowed += walk ? 1 : 0;
                    refused += walk ? 0 : 1;
                }
            }
        }
        assertTrue(allowed > 100 && refused > 100, "both verdicts: " + allowed + " allowed, " + refused + " refused (H "
            + halving(run.engine).committed() + ", F " + full(run.engine).committed() + " epochs)");
    }

    /** Arm H on {@code engine}'s brackets, walked over all of them (what the ledger must read as). */
    private static Arm halving(BracketEngine engine) {
        return walk(engine)[0].arm();
    }

    /** Arm F on {@code engine}'s brackets, walked over all of them. */
    private static Arm full(BracketEngine engine) {
        return walk(engine)[1].arm();
    }

    private static ArmTally[] walk(BracketEngine engine) {
        ArmTally h = new ArmTally();
        ArmTally f = new ArmTally();
        for (Bracket b : engine.brackets) {
            SpendRace.fold(engine.plan(), b, h, f);
        }
        return new ArmTally[] {h, f};
    }
}
