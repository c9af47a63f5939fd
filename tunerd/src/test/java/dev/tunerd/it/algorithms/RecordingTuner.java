package dev.tunerd.it.algorithms;

import dev.tunerd.spi.ImportedTrial;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import dev.tunerd.spi.json.JsonValue;
import java.util.ArrayList;
import java.util.List;

/** Puts the list of calls it received so far into every parameter set, so a black-box test can see them. */
public final class RecordingTuner implements Tuner {
    private final List<JsonValue> calls = new ArrayList<>();

    @Override
    public void updateSearchSpace(JsonObject searchSpace) {
        calls.add(JsonString.of("update_search_space"));
    }

    @Override
    public JsonValue generateParameters(long parameterId) {
        return JsonObject.builder().put("id", parameterId).put("calls", new JsonArray(calls)).build();
    }

    @Override
    public void receiveTrialResult(TrialResult result) {
        calls.add(JsonString.of("receive_trial_result " + result.parameterId() + " " + result.value()));
    }

    @Override
    public void trialEnd(long parameterId, boolean success) {
        calls.add(JsonString.of("trial_end " + parameterId + " " + success));
    }

    @Override
    public void importData(List<ImportedTrial> trials) {
        for (ImportedTrial t : trials) {
            calls.add(JsonString.of("import " + t.parameter() + " " + t.value()));
        }
    }
}
