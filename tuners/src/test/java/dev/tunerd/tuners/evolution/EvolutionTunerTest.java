package dev.tunerd.tuners.evolution;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.NoMoreTrialsException;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Evolution's deferred sends at the tuner level, with a recording sender. */
class EvolutionTunerTest {
    private static final JsonObject SPACE = (JsonObject) Json.parse(
        "{\"x\": {\"_type\": \"uniform\", \"_value\": [0, 1]}, \"k\": {\"_type\": \"randint\", \"_value\": [0, 5]}}");
    private final List<Long> sentIds = new ArrayList<>();
    private final List<JsonValue> sentParams = new ArrayList<>();

    private EvolutionTuner tuner(int population) {
        AlgorithmContext ctx = new AlgorithmContext((id, p) -> {
            sentIds.add(id);
            sentParams.add(p);
        }, Optional.empty(), Clock.systemUTC());
        EvolutionTuner t = new EvolutionTuner(ctx, new EvolutionClassArgs(OptimizeMode.MAXIMIZE, population, 1L));
        t.updateSearchSpace(SPACE);
        return t;
    }

    private static TrialResult result(long id, JsonValue params, double value) {
        return new TrialResult(id, params, JsonFloat.of(value), false, Optional.empty());
    }

    @Test
    void aBusyPopulationReturnsFewerAndPaysEveryOwedIdWhenPlacesFreeUp() {
        EvolutionTuner t = tuner(2);
        List<JsonValue> first = t.generateMultipleParameters(List.of(1L, 2L, 3L, 4L));
        assertEquals(2, first.size());
        assertEquals(List.of(3L, 4L), t.owedIds());
        assertEquals(List.of(), sentIds);

        t.receiveTrialResult(result(1, first.get(0), 0.5));
        assertEquals(List.of(3L), sentIds);
        t.trialEnd(1, true);
        assertEquals(List.of(3L), sentIds, "the end of a trial whose result came already frees nothing more");

        t.trialEnd(2, false);
        assertEquals(List.of(3L, 4L), sentIds, "the last owed id is sent too (NNI's credit > 1 never sends it)");
        assertEquals(List.of(), t.owedIds());
        sentParams.forEach(p -> assertEquals(List.of("x", "k"), List.copyOf(((JsonObject) p).keys())));
    }

    @Test
    void singleRequestsWhileBusyEndInNoMoreTrialsAndAreOwed() throws Exception {
        EvolutionTuner t = tuner(1);
        JsonValue p = t.generateParameters(1);
        assertThrows(NoMoreTrialsException.class, () -> t.generateParameters(2));
        assertEquals(List.of(2L), t.owedIds());
        t.receiveTrialResult(result(1, p, 1.0));
        assertEquals(List.of(2L), sentIds);
    }

    @Test
    void unknownFailedAndDuplicateIdsAreIgnored() {
        EvolutionTuner t = tuner(2);
        List<JsonValue> ps = t.generateMultipleParameters(List.of(1L));
        assertDoesNotThrow(() -> {
            t.trialEnd(42, false);
            t.receiveTrialResult(result(43, ps.get(0), 1.0));
            t.receiveTrialResult(result(1, ps.get(0), 1.0));
            t.receiveTrialResult(result(1, ps.get(0), 1.0));
            t.trialEnd(1, false);
        });
        assertEquals(1, t.generateMultipleParameters(List.of(2L)).size());
    }

    @Test
    void snapshotRestoreContinuesIdenticallyIncludingOwedIds() throws Exception {
        EvolutionTuner a = tuner(3);
        long id = 0;
        for (; id < 40; id++) {
            JsonValue p = a.generateParameters(id);
            a.receiveTrialResult(result(id, p, -((JsonObject) p).get("x").asDouble()));
        }
        List<JsonValue> running = a.generateMultipleParameters(List.of(40L, 41L, 42L, 43L));
        assertEquals(3, running.size());
        JsonValue state = a.snapshot();
        Json.write(state);
        EvolutionTuner b = tuner(3);
        b.restore(state);
        assertEquals(a.owedIds(), b.owedIds());
        sentIds.clear();
        for (EvolutionTuner t : List.of(a, b)) {
            t.receiveTrialResult(result(40, running.get(0), 0.1));
        }
        assertEquals(List.of(43L, 43L), sentIds);
        assertEquals(sentParams.get(0), sentParams.get(1));
        for (EvolutionTuner t : List.of(a, b)) {
            t.receiveTrialResult(result(41, running.get(1), 0.2));
            t.receiveTrialResult(result(42, running.get(2), 0.3));
            t.receiveTrialResult(result(43, sentParams.get(0), 0.4));
        }
        for (long next = 44; next < 60; next++) {
            assertEquals(a.generateParameters(next), b.generateParameters(next));
            a.receiveTrialResult(result(next, JsonObject.EMPTY, 0));
            b.receiveTrialResult(result(next, JsonObject.EMPTY, 0));
        }
    }
}
