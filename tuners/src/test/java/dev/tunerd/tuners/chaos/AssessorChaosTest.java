package dev.tunerd.tuners.chaos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.AssessResult;
import dev.tunerd.spi.Metrics;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.tuners.successivehalving.SuccessiveHalvingArgs;
import dev.tunerd.tuners.successivehalving.SuccessiveHalvingAssessor;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The SuccessiveHalving assessor under a hostile manager, called as the daemon calls an assessor
 * ({@code MsgDispatcher}, {@code AssessorHistories}): 1-8 trials at a time, each reporting intermediate results in
 * order, out of order, repeated or not at all (values of every scalar kind, NaN and the infinities included: the daemon
 * passes no other since session 31), the gap-free history handed over at every result, no result taken after the
 * trial's end, {@code trialEnd} once for a trial that had a history, a KI answered by an EARLY_STOPPED end, and kills
 * with a resume from the snapshot. Checked: nothing escapes, no verdict is null, nothing is stopped before its first
 * rung, and with the rank check off (where the snapshot holds the whole state) a restored copy gives every verdict the
 * uninterrupted one gives; tampered snapshots are refused with an IllegalArgumentException or taken.
 */
class AssessorChaosTest {
    static final int STREAMS = Integer.getInteger("chaos.streams", 40);

    private static SuccessiveHalvingArgs args(SplittableRandom r) {
        return new SuccessiveHalvingArgs(r.nextBoolean() ? "maximize" : "minimize", 1 + r.nextInt(3),
            2 + r.nextInt(3), r.nextInt(3) == 0 ? 9 : null, r.nextBoolean() ? -1.0 : null, null);
    }

    @Test
    void survivesHostileManagers() {
        int verdicts = 0;
        for (long seed = 31_700; seed < 31_700 + STREAMS; seed++) {
            try {
                verdicts += run(seed);
            } catch (AssertionError | RuntimeException e) {
                fail("seed " + seed + ": " + e, e);
            }
        }
        assertTrue(verdicts > STREAMS * 100, verdicts + " verdicts");
    }

    /** One stream; returns the number of verdicts given. */
    private static int run(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        SuccessiveHalvingArgs a = args(r);
        boolean exact = a.rankAgreement() != null && a.rankAgreement() <= -1;
        SuccessiveHalvingAssessor assessor = new SuccessiveHalvingAssessor(a);
        SuccessiveHalvingAssessor mirror = null;
        int workers = 1 + r.nextInt(8);
        Map<String, List<JsonValue>> running = new HashMap<>(); // reports still to send, in send order
        Map<String, Map<Integer, JsonValue>> histories = new HashMap<>();
        Set<String> ended = new HashSet<>();
        Set<String> killed = new HashSet<>();
        int trials = 0;
        int verdicts = 0;
        for (int step = 0; step < 1500; step++) {
            if (running.size() < workers && r.nextInt(3) == 0) {
                String id = "T" + trials++;
                running.put(id, reports(r));
                continue;
            }
            if (running.isEmpty()) {
                continue;
            }
            List<String> ids = new ArrayList<>(running.keySet());
            ids.sort(null);
            String id = ids.get(r.nextInt(ids.size()));
            List<JsonValue> left = running.get(id);
            if (left.isEmpty() || killed.contains(id) && r.nextInt(3) == 0) { // its end (EARLY_STOPPED after a KI)
                running.remove(id);
                ended.add(id);
                boolean success = !killed.contains(id) && r.nextInt(5) > 0;
                if (histories.remove(id) != null) {
                    assessor.trialEnd(id, success);
                    if (mirror != null) {
                        mirror.trialEnd(id, success);
                    }
                }
            } else {
                JsonValue report = left.remove(0);
                int sequence = (int) ((JsonObject) report).get("seq").asDouble();
                JsonValue value = ((JsonObject) report).get("v");
                Map<Integer, JsonValue> h = histories.computeIfAbsent(id, k -> new HashMap<>());
                h.put(sequence, value);
                List<JsonValue> prefix = new ArrayList<>();
                while (h.containsKey(prefix.size())) {
                    prefix.add(h.get(prefix.size()));
                }
                if (prefix.size() <= sequence || !Metrics.isScalar(value)) {
                    continue; // past a gap: the daemon waits for the gap to close
                }
                AssessResult v = assessor.assessTrial(id, List.copyOf(prefix));
                verdicts++;
                assertTrue(v != null, "a verdict");
                if (prefix.size() < a.minStep()) {
                    assertEquals(AssessResult.GOOD, v, id + " stopped before its first rung");
                }
                if (mirror != null) {
                    assertEquals(v, mirror.assessTrial(id, List.copyOf(prefix)), "the restored assessor judged " + id
                        + " at " + prefix.size() + " results otherwise");
                }
                if (v == AssessResult.BAD) {
                    killed.add(id);
                }
            }
            if (r.nextInt(200) == 0) { // a kill and a resume from the snapshot (or, rank check off, a fork)
                SuccessiveHalvingAssessor restored = new SuccessiveHalvingAssessor(a);
                restored.restore(Json.parse(Json.writeAllowingNonFinite(assessor.snapshot())));
                if (exact && mirror == null) {
                    mirror = restored;
                } else {
                    assessor = restored;
                    mirror = null;
                }
                tamper(a, assessor.snapshot(), r);
            }
        }
        return verdicts;
    }

    /** A trial's reports in the order the manager sends them: a curve of some length, shuffled and repeated a little. */
    private static List<JsonValue> reports(SplittableRandom r) {
        int length = r.nextInt(41);
        double level = r.nextDouble();
        List<JsonValue> out = new ArrayList<>();
        for (int e = 0; e < length; e++) {
            double v = level * (1 - Math.exp(-(e + 1) / 4.0)) + r.nextGaussian() * 0.02;
            JsonValue value = HostileValues.metric(r, v, 0.1);
            out.add(JsonObject.builder().put("seq", e).put("v", Metrics.isScalar(value) ? value : JsonFloat.of(v))
                .build());
        }
        for (int i = 0; i + 1 < out.size(); i++) {
            if (r.nextInt(10) == 0) {
                out.set(i, out.set(i + 1, out.get(i)));
            }
            if (r.nextInt(20) == 0) {
                out.add(i, out.get(i));
                i++;
            }
        }
        return out;
    }

    /** A few tamperings of a real snapshot: each refused with an IllegalArgumentException, or taken and usable. */
    private static void tamper(SuccessiveHalvingArgs a, JsonValue state, SplittableRandom r) {
        for (int i = 0; i < 20; i++) {
            SnapshotMutations m = SnapshotMutations.of(state, r);
            SuccessiveHalvingAssessor t = new SuccessiveHalvingAssessor(a);
            try {
                t.restore(Json.parse(Json.writeAllowingNonFinite(m.tampered())));
            } catch (IllegalArgumentException e) {
                assertTrue(e.getMessage() != null && e.getMessage().contains("snapshot"), m + ": " + e.getMessage());
                continue;
            } catch (RuntimeException e) {
                throw new AssertionError("tampered snapshot " + m + ": " + e, e);
            }
            try {
                for (int k = 1; k <= 30; k++) {
                    List<JsonValue> h = new ArrayList<>();
                    for (int j = 0; j < k; j++) {
                        h.add(JsonFloat.of(0.01 * j));
                    }
                    t.assessTrial("X" + (k % 3), h);
                }
                t.trialEnd("X0", true);
            } catch (RuntimeException e) {
                throw new AssertionError("tampered snapshot " + m + " was taken, then " + e, e);
            }
        }
    }
}
