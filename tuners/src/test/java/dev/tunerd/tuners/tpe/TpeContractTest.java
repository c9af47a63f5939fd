package dev.tunerd.tuners.tpe;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.NoMoreTrialsException;
import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.spi.Snapshotting;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.tuners.model.ModelTunerContractTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TpeContractTest extends ModelTunerContractTest {
    @Override
    protected Tuner create(long seed) {
        return new TpeTuner(AlgorithmContext.standalone(), new TpeClassArgs(OptimizeMode.MINIMIZE, seed, null));
    }

    private static void finish(Tuner t, long id, JsonObject p) {
        double loss = Math.abs(Math.log10(p.get("lr").asDouble()) + 2) + p.get("drop").asDouble();
        t.receiveTrialResult(new TrialResult(id, p, JsonFloat.of(loss), false, Optional.empty()));
        t.trialEnd(id, true);
    }

    /** Issues ids {@code from .. to - 1}, each time finishing the one issued 6 before (6 or 7 in flight). */
    private static List<JsonObject> continueBatch(Tuner t, List<JsonObject> issued, int from, int to)
        throws NoMoreTrialsException {
        List<JsonObject> out = new ArrayList<>();
        for (int id = from; id < to; id++) {
            JsonObject p = (JsonObject) t.generateParameters(id);
            issued.add(p);
            out.add(p);
            finish(t, id - 6, issued.get(id - 6));
        }
        return out;
    }

    /** The start-up spread (trials in flight, fewer than 5 results) reads no state a snapshot would miss. */
    @Test
    void aSnapshotTakenDuringAStartUpBatchContinuesIdentically() throws Exception {
        Tuner original = create(5);
        original.updateSearchSpace(MIXED);
        List<JsonObject> issued = new ArrayList<>();
        for (long id = 0; id < 8; id++) {
            issued.add((JsonObject) original.generateParameters(id));
        }
        finish(original, 0, issued.get(0));
        finish(original, 1, issued.get(1));
        JsonValue state = Json.parse(Json.write(((Snapshotting) original).snapshot()));
        Tuner restored = create(999);
        restored.updateSearchSpace(MIXED);
        ((Snapshotting) restored).restore(state);
        List<JsonObject> twin = new ArrayList<>(issued);
        // ids 8.. are issued with 6 to 7 in flight: start-up draws (spread) until 5 results, then the model
        assertEquals(continueBatch(original, issued, 8, 30), continueBatch(restored, twin, 8, 30));
    }
}
