package dev.tunerd.tuners.chaos;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.Snapshotting;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.json.JsonValue;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Tampered snapshots: real snapshots of each advisor, taken in the middle of hostile streams, changed at a random node
 * ({@link SnapshotMutations}) and restored into a fresh instance. {@code Snapshotting.restore} documents one refusal,
 * {@link IllegalArgumentException}; the daemon reports it (ER, exit) and the message is all the user learns, so it must
 * say which state is wrong. Anything else (a NullPointerException, a ClassCastException, an IndexOutOfBounds, an
 * IllegalStateException from reading a string as a number) or a restore that takes over a second is a failure. A
 * tampering the advisor accepts (a loss changed, an entry gone) is allowed: it is a state it could have written.
 */
class SnapshotTamperTest {
    static final int SNAPSHOTS = Integer.getInteger("chaos.snapshots", 6);
    static final int MUTATIONS = Integer.getInteger("chaos.mutations", 150);
    private static final ExecutorService RESTORER = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "tampered-restore");
        t.setDaemon(true);
        return t;
    });

    @AfterAll
    static void stop() {
        RESTORER.shutdownNow();
    }

    static List<String> advisors() {
        return Advisor.names();
    }

    @ParameterizedTest
    @MethodSource("advisors")
    void aTamperedSnapshotIsRefusedWithAnIllegalArgumentOrTaken(String name) throws Exception {
        List<String> failures = new ArrayList<>();
        int refused = 0;
        int taken = 0;
        int goneWrong = 0;
        for (long seed = 31_500; seed < 31_500 + SNAPSHOTS; seed++) {
            Advisor advisor = Advisor.of(name, seed);
            SpiHost host = new SpiHost(advisor);
            new HostileManager(seed, host, new HostileManager.Knobs(3, 0.1, false, false, true, 250)).runPrefix(250);
            JsonValue state = Json.parse(host.snapshotText());
            SplittableRandom r = new SplittableRandom(seed);
            for (int i = 0; i < MUTATIONS; i++) {
                SnapshotMutations m = SnapshotMutations.of(state, r);
                String outcome = restore(advisor, m, host.inFlight());
                if (outcome == null) {
                    taken++;
                } else if (outcome.startsWith("taken, then the host")) {
                    taken++;
                    goneWrong++;
                } else if (outcome.startsWith("refused")) {
                    refused++;
                } else if (failures.size() < 12) {
                    failures.add("seed " + seed + " " + m + " -> " + outcome);
                }
            }
        }
        if (!failures.isEmpty()) {
            fail(name + ": " + failures.size() + " tampered snapshots broke the restore (first ones):\n  "
                + String.join("\n  ", failures));
        }
        System.out.println("TAMPER " + name + ": " + SNAPSHOTS * MUTATIONS + " tampered snapshots, " + refused
            + " refused, " + taken + " taken (" + goneWrong + " of them then broke a rule of the daemon's)");
        assertTrue(refused > 0 && taken + refused == SNAPSHOTS * MUTATIONS, refused + " refused, " + taken + " taken");
    }

    /** Null when the state was taken, "refused: ..." for a documented refusal, else what went wrong. */
    static String restore(Advisor advisor, SnapshotMutations m, java.util.Map<Long, dev.tunerd.spi.json.JsonObject> inFlight)
        throws Exception {
        Future<String> f = RESTORER.submit(() -> {
            Tuner t = advisor.make().apply(AlgorithmContext.standalone());
            t.updateSearchSpace(Advisor.SPACE);
            JsonValue state = Json.parse(Json.writeAllowingNonFinite(m.tampered()));
            try {
                ((Snapshotting) t).restore(state);
            } catch (IllegalArgumentException e) {
                String msg = e.getMessage();
                return msg == null || msg.isBlank() ? "an IllegalArgumentException without a message"
                    : "refused: " + msg;
            } catch (RuntimeException e) {
                StackTraceElement at = e.getStackTrace().length == 0 ? null : e.getStackTrace()[0];
                return e + " at " + at;
            }
            try { // taken: the advisor must go on from it (its trials in flight end) through a short hostile stream
                SpiHost host = new SpiHost(advisor, state, 1_000_000, inFlight);
                inFlight.keySet().forEach(id -> host.trialEnd(id, false));
                new HostileManager(7, host, new HostileManager.Knobs(3, 0.1, false, false, false, 60)).run();
                return null;
            } catch (AssertionError e) { // a rule of the daemon's broken by a state the advisor took: counted
                return "taken, then the host found: " + e.getMessage();
            } catch (RuntimeException e) {
                StackTraceElement at = e.getStackTrace().length == 0 ? null : e.getStackTrace()[0];
                return "taken, then " + e + " at " + at;
            }
        });
        try {
            return f.get(5, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            f.cancel(true);
            return "no answer within 5 s";
        }
    }
}
