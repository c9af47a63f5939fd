package dev.tunerd.tuners.pbt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.InvalidSearchSpaceException;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import dev.tunerd.spi.json.JsonValue;

class PbtTunerTest {
    private static final JsonObject SPACE = Json.parseObject("""
        {"lr": {"_type": "loguniform", "_value": [0.0001, 0.1]},
         "units": {"_type": "choice", "_value": [16, 32, 64, 128]},
         "drop": {"_type": "quniform", "_value": [0, 0.5, 0.1]}}
        """, "space");

    @TempDir
    Path tmp;

    /** The sets sent later through the sender, by id; an id sent twice fails like the dispatcher's ledger. */
    private final Map<Long, JsonValue> sent = new LinkedHashMap<>();

    private AlgorithmContext context() {
        return new AlgorithmContext((id, p) -> {
            if (sent.containsKey(id)) {
                throw new IllegalArgumentException("parameter id " + id + " was already issued");
            }
            sent.put(id, p);
        }, Optional.empty(), Clock.systemUTC());
    }

    private PbtTuner tuner(int population, double fraction, long seed) {
        PbtClassArgs args = new PbtClassArgs(OptimizeMode.MAXIMIZE, tmp.resolve("ckpt").toString(), population, null,
            null, fraction, seed);
        PbtTuner t = (PbtTuner) new PbtProvider().create(context(), args);
        t.updateSearchSpace(SPACE);
        return t;
    }

    private static String dir(JsonValue params, String key) {
        return ((JsonString) ((JsonObject) params).get(key)).value();
    }

    private static void report(PbtTuner t, long id, JsonValue params, double value) {
        t.receiveTrialResult(new TrialResult(id, params, JsonFloat.of(value), false, Optional.empty()));
    }

    @Test
    void firstGenerationLoadsAndSavesInEachMembersOwnDirectoryAndTheRestIsOwed() {
        PbtTuner t = tuner(4, 0.25, 1);
        List<JsonValue> sets = t.generateMultipleParameters(List.of(0L, 1L, 2L, 3L, 4L, 5L));
        assertEquals(4, sets.size());
        assertEquals(List.of(4L, 5L), t.owedIds());
        Path root = tmp.resolve("ckpt").toAbsolutePath();
        for (int i = 0; i < 4; i++) {
            String expected = root.resolve(Integer.toString(i)).resolve("0").toString();
            assertEquals(expected, dir(sets.get(i), "load_checkpoint_dir"));
            assertEquals(expected, dir(sets.get(i), "save_checkpoint_dir"));
            assertTrue(Files.isDirectory(Path.of(expected)));
            assertEquals(Set.of("lr", "units", "drop", "load_checkpoint_dir", "save_checkpoint_dir"),
                ((JsonObject) sets.get(i)).keys());
        }
        assertTrue(sent.isEmpty(), "nothing is sent before the generation completes");
    }

    @Test
    void aCompletedGenerationExploitsTheTopAndPaysTheOwedIdsOldestFirst() {
        PbtTuner t = tuner(4, 0.25, 2);
        List<JsonValue> sets = t.generateMultipleParameters(List.of(0L, 1L, 2L, 3L, 4L, 5L));
        double[] scores = {0.5, 0.9, 0.1, 0.3};
        for (int i = 0; i < 4; i++) {
            report(t, i, sets.get(i), scores[i]);
        }
        assertEquals(List.of(4L, 5L), List.copyOf(sent.keySet()));
        assertTrue(t.owedIds().isEmpty());
        List<JsonValue> next = new ArrayList<>(sent.values());
        next.addAll(t.generateMultipleParameters(List.of(6L, 7L)));
        assertEquals(List.of(), t.generateMultipleParameters(List.of(8L)), "generation 1 fully handed out");
        Path root = tmp.resolve("ckpt").toAbsolutePath();
        String topSave = dir(sets.get(1), "save_checkpoint_dir");
        for (int i = 0; i < 4; i++) {
            JsonObject p = (JsonObject) next.get(i);
            assertEquals(root.resolve(Integer.toString(i)).resolve("1").toString(), dir(p, "save_checkpoint_dir"));
            if (i == 2) { // the bottom member continues from the top member's checkpoint
                assertEquals(topSave, dir(p, "load_checkpoint_dir"));
            } else {
                assertEquals(dir(sets.get(i), "save_checkpoint_dir"), dir(p, "load_checkpoint_dir"));
                assertEquals(((JsonObject) sets.get(i)).get("lr"), p.get("lr"), "non-bottom members keep theirs");
            }
        }
    }

    @Test
    void failedEarlyStoppedAndSilentTrialsDoNotStallAGeneration() {
        PbtTuner t = tuner(4, 0.25, 3);
        List<JsonValue> sets = t.generateMultipleParameters(List.of(0L, 1L, 2L, 3L, 4L));
        report(t, 0, sets.get(0), 0.7);
        t.trialEnd(0, true);
        t.trialEnd(1, false); // failed or early stopped
        t.trialEnd(2, true); // succeeded without reporting
        report(t, 3, sets.get(3), 0.2);
        assertEquals(List.of(4L), List.copyOf(sent.keySet()), "generation 1 formed, owed id paid");
        // failed members exploit the member that succeeded best, so nobody loads a directory that was never saved
        String best = dir(sets.get(0), "save_checkpoint_dir");
        JsonValue first = sent.get(4L);
        List<JsonValue> rest = t.generateMultipleParameters(List.of(5L, 6L, 7L));
        assertEquals(3, rest.size());
        assertEquals(dir(sets.get(0), "save_checkpoint_dir"), dir(first, "load_checkpoint_dir"));
        assertEquals(best, dir(rest.get(0), "load_checkpoint_dir"));
        assertEquals(best, dir(rest.get(1), "load_checkpoint_dir"));
        report(t, 1, sets.get(1), 0.99); // late result of a counted trial: ignored
        assertEquals(1, sent.size());
    }

    @Test
    void noSaveDirectoryIsHandedToTwoTrialsOfOneGeneration() {
        PbtTuner t = tuner(10, 0.3, 4);
        java.util.Random outcome = new java.util.Random(4);
        long id = 0;
        Set<String> allSaves = new HashSet<>();
        for (int g = 0; g < 12; g++) {
            List<Long> ids = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                ids.add(id++);
            }
            List<JsonValue> sets = t.generateMultipleParameters(ids);
            assertEquals(10, sets.size());
            Set<String> saves = new HashSet<>();
            for (JsonValue s : sets) {
                assertTrue(saves.add(dir(s, "save_checkpoint_dir")), "save directory handed out twice");
                assertTrue(allSaves.add(dir(s, "save_checkpoint_dir")), "save directory reused across generations");
                if (g > 0) {
                    assertNotEquals(dir(s, "save_checkpoint_dir"), dir(s, "load_checkpoint_dir"),
                        "a trial never overwrites the checkpoint it loads");
                }
            }
            for (int i = 0; i < 10; i++) {
                if (outcome.nextInt(5) == 0) {
                    t.trialEnd(ids.get(i), false);
                } else {
                    report(t, ids.get(i), sets.get(i), outcome.nextDouble());
                }
            }
        }
        assertEquals(12, t.population().generation());
    }

    @Test
    void directoriesStayUnderTheRootWhateverTheKeysAndValuesSay() throws IOException {
        Path base = tmp.resolve("base");
        String rootWithDots = base.resolve("a").resolve("..").resolve("ckpt").toString();
        PbtClassArgs args = new PbtClassArgs(null, rootWithDots, 3, null, 1.0, 0.5, 5L);
        PbtTuner t = (PbtTuner) new PbtProvider().create(context(), args);
        t.updateSearchSpace(Json.parseObject("""
            {"../../evil": {"_type": "choice", "_value": ["../..", "/etc", "..\\\\x"]},
             "x/../../y": {"_type": "uniform", "_value": [0, 1]}}
            """, "space"));
        long id = 0;
        for (int g = 0; g < 5; g++) {
            List<JsonValue> sets = t.generateMultipleParameters(List.of(id, id + 1, id + 2));
            for (int i = 0; i < sets.size(); i++) {
                report(t, id + i, sets.get(i), i);
            }
            id += 3;
        }
        Path root = base.resolve("ckpt").toAbsolutePath().normalize();
        try (Stream<Path> all = Files.walk(tmp)) {
            for (Path p : all.filter(Files::isDirectory).toList()) {
                Path n = p.toAbsolutePath().normalize();
                assertTrue(n.startsWith(root) || root.startsWith(n), "directory outside the root: " + n);
            }
        }
        assertEquals(Set.of("ckpt"), Set.copyOf(Files.list(base).map(p -> p.getFileName().toString()).toList()));
        CheckpointRoot checked = CheckpointRoot.create(root.toString());
        assertThrows(IllegalArgumentException.class, () -> checked.inside(root.resolve("0/../../escape")));
        assertThrows(IllegalArgumentException.class, () -> checked.inside(Path.of("/tmp")));
    }

    @Test
    void aRestoredTunerReplayingItsJournalContinuesExactlyAsAnUninterruptedOne() {
        PbtTuner live = tuner(4, 0.25, 6);
        List<JsonValue> gen0 = live.generateMultipleParameters(List.of(0L, 1L, 2L, 3L, 4L, 5L));
        JsonValue saved = live.snapshot(); // the dispatcher snapshots after every GE
        double[] scores = {0.2, 0.8, 0.4, 0.6};
        // live run: results arrive out of order, generation 1 forms, owed 4 and 5 are paid
        for (int i : new int[] {3, 0, 2, 1}) {
            report(live, i, gen0.get(i), scores[i]);
        }
        List<JsonValue> liveNext = live.generateMultipleParameters(List.of(6L, 7L));
        Map<Long, JsonValue> sentLive = new LinkedHashMap<>(sent);

        // killed after ids 4 and 5 went out; the resumed daemon restores the state and replays results in id order
        PbtTuner resumed = tuner(4, 0.25, 999);
        resumed.restore(saved);
        for (int i = 0; i < 4; i++) {
            report(resumed, i, gen0.get(i), scores[i]); // pays 4 and 5 again: the ledger refuses, the tuner goes on
        }
        assertEquals(sentLive, sent, "nothing new was sent, nothing failed");
        assertEquals(liveNext, resumed.generateMultipleParameters(List.of(6L, 7L)));
        assertEquals(live.snapshot(), resumed.snapshot());
    }

    @Test
    void aSnapshotPointingOutsideTheRootOrSharingASaveDirectoryIsRefused() {
        PbtTuner t = tuner(2, 0.5, 7);
        JsonObject state = (JsonObject) t.snapshot();
        String text = Json.writeAllowingNonFinite(state);
        String save0 = tmp.resolve("ckpt").toAbsolutePath().resolve("0").resolve("0").toString();
        String save1 = tmp.resolve("ckpt").toAbsolutePath().resolve("1").resolve("0").toString();
        PbtTuner fresh = tuner(2, 0.5, 7);
        fresh.restore(Json.parse(text));
        String outside = text.replace(save0, tmp.resolve("ckpt").toAbsolutePath() + "/0/../../../etc");
        assertThrows(IllegalArgumentException.class, () -> fresh.restore(Json.parse(outside)));
        String shared = text.replace(save1, save0);
        assertThrows(IllegalArgumentException.class, () -> fresh.restore(Json.parse(shared)));
    }

    @Test
    void theSeedFixesThePopulation() {
        List<JsonValue> a = tuner(5, 0.2, 42).generateMultipleParameters(List.of(0L, 1L, 2L));
        List<JsonValue> b = tuner(5, 0.2, 42).generateMultipleParameters(List.of(0L, 1L, 2L));
        List<JsonValue> c = tuner(5, 0.2, 43).generateMultipleParameters(List.of(0L, 1L, 2L));
        assertEquals(a, b);
        assertNotEquals(a, c);
    }

    @Test
    void nestedChoicesAndReservedKeysAreRejected() {
        PbtTuner t = tuner(2, 0.5, 8);
        InvalidSearchSpaceException nested = assertThrows(InvalidSearchSpaceException.class,
            () -> t.updateSearchSpace(Json.parseObject("""
                {"opt": {"_type": "choice", "_value": [{"_name": "sgd", "lr": {"_type": "uniform", "_value": [0, 1]}}]}}
                """, "nested")));
        assertTrue(nested.problems().get(0).contains("nested"), nested.problems().toString());
        InvalidSearchSpaceException reserved = assertThrows(InvalidSearchSpaceException.class,
            () -> t.updateSearchSpace(Json.parseObject("""
                {"save_checkpoint_dir": {"_type": "choice", "_value": ["a"]}}
                """, "reserved")));
        assertTrue(reserved.problems().get(0).contains("reserved"), reserved.problems().toString());
    }

    @Test
    void badClassArgsNameTheKeyAndRange() {
        assertMessage(() -> new PbtClassArgs(null, null, 1, null, null, null, null), "population_size must be in 2..");
        assertMessage(() -> new PbtClassArgs(null, null, null, 0.0, null, null, null), "factor must be a number above 0");
        assertMessage(() -> new PbtClassArgs(null, null, null, -1.0, null, null, null), "factor must be");
        assertMessage(() -> new PbtClassArgs(null, null, null, null, null, 0.0, null), "fraction must be in (0, 0.5]");
        assertMessage(() -> new PbtClassArgs(null, null, null, null, null, 0.6, null), "fraction must be in (0, 0.5]");
        assertMessage(() -> new PbtClassArgs(null, null, null, null, 1.5, null, null), "resample_probability must be");
        PbtClassArgs d = new PbtClassArgs(null, null, null, null, null, null, null);
        assertEquals(new PbtClassArgs(OptimizeMode.MAXIMIZE, null, 10, 0.2, 0.25, 0.2, null), d);
    }

    @Test
    void anAllCheckpointDirThatCannotBeCreatedIsAConfigurationErrorNamingIt() throws IOException {
        Path file = Files.writeString(tmp.resolve("plain-file"), "x");
        String dir = file.resolve("sub").toString();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new PbtProvider()
            .create(context(), new PbtClassArgs(null, dir, null, null, null, null, 1L)));
        assertTrue(e.getMessage().contains("all_checkpoint_dir") && e.getMessage().contains(dir), e.getMessage());
    }

    @Test
    void withoutADirectoryTheExperimentCheckpointDirectoryIsUsed() {
        Path experiment = tmp.resolve("experiment-checkpoint");
        AlgorithmContext ctx = new AlgorithmContext((id, p) -> { }, Optional.of(experiment), Clock.systemUTC());
        PbtTuner t = (PbtTuner) new PbtProvider().create(ctx, new PbtClassArgs(null, null, 2, null, null, 0.5, 1L));
        t.updateSearchSpace(SPACE);
        JsonValue p = t.generateMultipleParameters(List.of(0L)).get(0);
        assertEquals(experiment.toAbsolutePath().resolve("0").resolve("0").toString(),
            dir(p, "save_checkpoint_dir"));
        assertFalse(t.owedIds().contains(0L));
    }

    private static void assertMessage(org.junit.jupiter.api.function.Executable e, String expected) {
        IllegalArgumentException ex = assertThrows(IllegalArgumentException.class, e);
        assertTrue(ex.getMessage().startsWith(expected), ex.getMessage());
    }
}
