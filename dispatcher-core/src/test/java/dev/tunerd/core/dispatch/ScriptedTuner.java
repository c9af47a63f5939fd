package dev.tunerd.core.dispatch;

import dev.tunerd.spi.ImportedTrial;
import dev.tunerd.spi.NoMoreTrialsException;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.util.ArrayList;
import java.util.List;

/** A tuner that hands out {@code {"x": n}} up to a limit and records every call; not thread-safe (it need not be). */
class ScriptedTuner implements Tuner {
    final List<String> calls = new ArrayList<>();
    final List<TrialResult> results = new ArrayList<>();
    final List<List<ImportedTrial>> imports = new ArrayList<>();
    int remaining;
    boolean acceptCustomized;

    ScriptedTuner(int available) {
        this.remaining = available;
    }

    @Override
    public void updateSearchSpace(JsonObject searchSpace) {
        calls.add("updateSearchSpace " + searchSpace.keys());
    }

    @Override
    public JsonValue generateParameters(long parameterId) throws NoMoreTrialsException {
        if (remaining == 0) {
            throw new NoMoreTrialsException("exhausted");
        }
        remaining--;
        calls.add("generate " + parameterId);
        return JsonObject.builder().put("x", parameterId * 10).build();
    }

    @Override
    public void receiveTrialResult(TrialResult result) {
        calls.add("result " + result.parameterId());
        results.add(result);
    }

    @Override
    public void trialEnd(long parameterId, boolean success) {
        calls.add("trialEnd " + parameterId + " " + success);
    }

    @Override
    public void importData(List<ImportedTrial> trials) {
        calls.add("import " + trials.size());
        imports.add(trials);
    }

    @Override
    public boolean acceptsCustomizedTrials() {
        return acceptCustomized;
    }
}
