package dev.tunerd.tuners.successivehalving;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.spi.AssessResult;
import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Hostile {@code hyper_params} reaching {@link ParameterFeatures} through a customized trial's {@code EN} (issue 13
 * session 32, hardening): a megabyte of parameters flattened without a bound became 100,000 scalars per trial, or paths
 * of gigabytes (a chain of long keys above a wide array); such parameters are now not flattened, the value decides for
 * the trial, and a snapshot holding them is refused naming the field.
 */
class HostileParametersTest {

    /** 100,000 numeric keys (about 1.5 MB of JSON). */
    private static JsonObject manyKeys(double x) {
        JsonObject.Builder b = JsonObject.builder();
        for (int i = 0; i < 100_000; i++) {
            b.put("k" + i, x + i);
        }
        return b.build();
    }

    /** A chain of {@code depth} keys of 1,000 characters above an array of {@code width} numbers. */
    private static JsonValue chainAboveArray(int depth, int width) {
        List<JsonValue> numbers = new ArrayList<>();
        for (int i = 0; i < width; i++) {
            numbers.add(JsonFloat.of(i));
        }
        JsonValue v = new JsonArray(numbers);
        String key = "k".repeat(1000);
        for (int i = 0; i < depth; i++) {
            v = JsonObject.builder().put(key, v).build();
        }
        return v;
    }

    @Test
    void tooManyValuesAreNotFlattened() {
        assertNull(ParameterFeatures.flatten(manyKeys(0.5)));
        JsonObject.Builder thousands = JsonObject.builder();
        for (int i = 0; i < 4000; i++) {
            thousands.put("k" + i, i);
        }
        assertNull(ParameterFeatures.flatten(thousands.build()), "4,000 values: 0.2 s a judgement over 100 trainings");
        assertNull(ParameterFeatures.flatten(JsonObject.builder().put("s", "s".repeat(1 << 20)).build()),
            "a string of 1 MB: 0.1 s a judgement (compared and copied)");
        assertNotNull(ParameterFeatures.flatten(chainAboveArray(1, 100)), "an ordinary size still flattens");
        assertEquals(100, ParameterFeatures.flatten(chainAboveArray(1, 100)).size());
    }

    @Test
    void aLongPathIsNotFlattened() {
        // 500 keys of 1,000 characters above 500 numbers: 0.5 MB of JSON, 250 MB of paths if flattened
        assertNull(ParameterFeatures.flatten(chainAboveArray(500, 500)));
    }

    @Test
    void hostileParametersLeaveTheValueToDecide() {
        for (String rankBy : List.of("rescue", "auto")) {
            var told = new SuccessiveHalvingAssessor(new SuccessiveHalvingArgs("minimize", 1, 2, null, -1.0, null,
                rankBy));
            var plain = new SuccessiveHalvingAssessor(new SuccessiveHalvingArgs("minimize", 1, 2, null, -1.0, null,
                "value"));
            for (int i = 0; i < 24; i++) {
                double x = (i * 7 % 24 + 0.5) / 24;
                JsonValue p = i % 2 == 0 ? manyKeys(x) : chainAboveArray(300, 20);
                told.trialParameters("T" + i, p);
                List<JsonValue> h = List.of(JsonFloat.of(x), JsonFloat.of(x + 0.001), JsonFloat.of(1 - x));
                for (int k = 1; k <= h.size(); k++) {
                    AssessResult a = told.assessTrial("T" + i, h.subList(0, k));
                    assertEquals(plain.assessTrial("T" + i, h.subList(0, k)), a, rankBy + " T" + i + " step " + k);
                }
                told.trialEnd("T" + i, true);
                plain.trialEnd("T" + i, true);
            }
        }
    }

    @Test
    void aSnapshotWithHostileParametersIsRefusedNamingTheField() {
        JsonValue evidence = JsonObject.builder().put("params", manyKeys(0.1))
            .put("values", new JsonArray(List.of(JsonFloat.of(0.1)))).put("last", JsonFloat.of(0.1)).build();
        JsonValue state = JsonObject.builder().put("evidence", new JsonArray(List.of(evidence)))
            .put("rungs", new JsonArray(List.of())).build();
        var e = assertThrows(IllegalArgumentException.class, () -> new RungPredictor(RungPredictor.Mode.RESCUE)
            .restore(state));
        assertTrue(e.getMessage().contains("evidence params"), e.getMessage());
        JsonValue entry = JsonObject.builder().put("params", chainAboveArray(2, 5000)).put("loss", JsonFloat.of(0.2))
            .build();
        JsonValue rungs = JsonObject.builder().put("evidence", new JsonArray(List.of()))
            .put("rungs", new JsonArray(List.of(new JsonArray(List.of(entry))))).build();
        e = assertThrows(IllegalArgumentException.class, () -> new RungPredictor(RungPredictor.Mode.AUTO)
            .restore(rungs));
        assertTrue(e.getMessage().contains("entry params"), e.getMessage());
    }
}
