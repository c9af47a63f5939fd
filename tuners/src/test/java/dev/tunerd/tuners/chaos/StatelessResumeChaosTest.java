package dev.tunerd.tuners.chaos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 13, session 32: a resume without a checkpoint names no set as an earlier run did. Every advisor configuration
 * ({@link Advisor#names()}) runs a seeded hostile stream to its end (all trials finished: the manager's {@code AD []}),
 * then a fresh instance gets the bound the daemon recorded ({@link SpiHost#issuedBound}: ids and name counters) and a
 * second stream; every name it issues must be new to both runs ({@link SpiHost}'s wire-id rule). The control runs the
 * same streams without the bound (NNI: counters from 0) and must see a name come again, so the check can fail.
 * {@code -Dchaos.resumeStreams=N} runs more seeds (from 32500).
 */
class StatelessResumeChaosTest {
    static final int STREAMS = Integer.getInteger("chaos.resumeStreams", 20);
    static final long FIRST_SEED = 32_500;
    static final int EVENTS = 200;

    static List<String> advisors() {
        return Advisor.names();
    }

    @ParameterizedTest
    @MethodSource("advisors")
    void aResumeWithoutStateNamesNothingTheEarlierRunNamed(String name) {
        List<String> failures = new ArrayList<>();
        for (long seed = FIRST_SEED; seed < FIRST_SEED + STREAMS; seed++) {
            String failure = runOnce(name, seed, true);
            if (failure != null) {
                failures.add(failure);
            }
        }
        assertEquals(List.of(), failures, String.join("\n", failures));
    }

    @ParameterizedTest
    @MethodSource("advisors")
    void withoutTheBoundAnEarlierNameComesAgain(String name) {
        int repeated = 0;
        for (long seed = FIRST_SEED; seed < FIRST_SEED + STREAMS; seed++) {
            String failure = runOnce(name, seed, false);
            if (failure != null && failure.contains("issued twice")) {
                repeated++;
            }
        }
        System.out.println(name + ": without the bound " + repeated + " of " + STREAMS + " streams named an earlier"
            + " name again");
        assertTrue(repeated > 0, name + ": no stream repeated a name without the bound; the check has no teeth");
    }

    /** Two runs of one seed; null when the second named nothing twice, else what broke. */
    static String runOnce(String name, long seed, boolean withBound) {
        HostileManager.Knobs knobs = new HostileManager.Knobs(1 + (int) Math.floorMod(seed * 7, 8L),
            seed % 3 == 0 ? 0.0 : 0.15, false, true, true, EVENTS);
        SpiHost first = new SpiHost(Advisor.of(name, seed));
        new HostileManager(seed, first, knobs).run();
        SpiHost second = SpiHost.resumedWithoutState(Advisor.of(name, seed), withBound ? first.issuedBound() : 0,
            first.wireNames());
        try {
            new HostileManager(seed + 100_000, second, knobs).run();
            return null;
        } catch (AssertionError | RuntimeException e) {
            return name + " seed " + seed + " (bound " + first.issuedBound() + "): " + e;
        }
    }
}
