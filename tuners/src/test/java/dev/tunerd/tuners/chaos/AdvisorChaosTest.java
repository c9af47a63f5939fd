package dev.tunerd.tuners.chaos;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 13 "Both advisors work through everything the daemon does", driven by generated streams: every advisor
 * configuration ({@link Advisor#names()}) against {@value #STREAMS} seeded hostile managers ({@link HostileManager})
 * with 1-8 workers, through the daemon's calls ({@link SpiHost}). A failure names the seed and the smallest setting of
 * the manager's knobs that still fails, with the end of that stream. {@code -Dchaos.streams=N} and
 * {@code -Dchaos.firstSeed=S} run more or other seeds.
 */
class AdvisorChaosTest {
    static final int STREAMS = Integer.getInteger("chaos.streams", 40);
    static final long FIRST_SEED = Long.getLong("chaos.firstSeed", 31_000);
    static final int EVENTS = 400;

    static List<String> advisors() {
        return Advisor.names();
    }

    @ParameterizedTest
    @MethodSource("advisors")
    void survivesHostileManagers(String name) {
        int issued = 0;
        for (long seed = FIRST_SEED; seed < FIRST_SEED + STREAMS; seed++) {
            HostileManager.Knobs knobs = new HostileManager.Knobs(1 + (int) Math.floorMod(seed * 7, 8L),
                seed % 3 == 0 ? 0.0 : 0.15, true, true, true, EVENTS);
            String failure = runOnce(name, seed, knobs, null);
            if (failure != null) {
                fail(ChaosReport.shrunk(name, seed, knobs, AdvisorChaosTest::runOnce));
            }
            issued++;
        }
        assertTrue(issued == STREAMS, "every stream ran");
    }

    /** Runs one stream; returns null when every invariant held, else what broke (and fills {@code trace}). */
    static String runOnce(String name, long seed, HostileManager.Knobs knobs, List<String> trace) {
        Advisor advisor = Advisor.of(name, seed);
        HostileManager m = null;
        try {
            m = new HostileManager(seed, new SpiHost(advisor), knobs);
            m.run();
            return null;
        } catch (AssertionError | RuntimeException e) {
            if (trace != null && m != null) {
                trace.addAll(m.trace());
            }
            return advisor + ": " + e + (e instanceof AssertionError ? "" : "\n  at " + where(e));
        }
    }

    private static String where(Throwable e) {
        List<String> frames = new ArrayList<>();
        for (StackTraceElement f : e.getStackTrace()) {
            if (frames.size() < 6) {
                frames.add(f.toString());
            }
        }
        return String.join("\n  at ", frames);
    }
}
