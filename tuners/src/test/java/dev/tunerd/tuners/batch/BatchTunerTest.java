package dev.tunerd.tuners.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.ImportedTrial;
import dev.tunerd.spi.InvalidSearchSpaceException;
import dev.tunerd.spi.NoMoreTrialsException;
import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.tuners.testkit.NniTestSpace;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class BatchTunerTest {
    static final String B1 = "{\"combine_params\":{\"_type\":\"choice\",\"_value\":"
        + "[{\"x\":0,\"y\":1},{\"x\":1,\"y\":2},{\"x\":1,\"y\":3}]}}";

    static List<String> drain(BatchTuner t) {
        List<String> out = new ArrayList<>();
        List<JsonValue> sets = t.generateMultipleParameters(List.of(0L, 1L, 2L, 3L, 4L, 5L, 6L));
        sets.forEach(s -> out.add(Json.write(s)));
        return out;
    }

    static BatchTuner tuner(String space) {
        BatchTuner t = new BatchTuner();
        t.updateSearchSpace(Json.parseObject(space, "space"));
        return t;
    }

    @Test
    void b1EachOptionIsTheWholeParameterSetThenNo() {
        BatchTuner t = tuner(B1);
        List<JsonValue> sets = t.generateMultipleParameters(List.of(0L, 1L, 2L, 3L, 4L));
        assertEquals(List.of("{\"x\": 0, \"y\": 1}", "{\"x\": 1, \"y\": 2}", "{\"x\": 1, \"y\": 3}"),
            sets.stream().map(Json::write).toList());
        assertThrows(NoMoreTrialsException.class, () -> t.generateParameters(5));
    }

    @Test
    void optionsAreSentVerbatimEvenWithName() {
        assertEquals(List.of("{\"_name\": \"base\", \"lr\": 0.1}", "3"),
            drain(tuner("{\"p\":{\"_type\":\"choice\",\"_value\":[{\"_name\":\"base\",\"lr\":0.1},3]}}")));
    }

    @Test
    void importDropsRunOptionsWithTruthyValuesUsingPythonEquality() {
        BatchTuner t = tuner(B1);
        t.importData(List.of(
            new ImportedTrial(Json.parse("{\"y\":2.0,\"x\":1}"), Json.parse("0.5"), Optional.empty()),
            new ImportedTrial(Json.parse("{\"x\":0,\"y\":1}"), Json.parse("0"), Optional.empty())));
        assertEquals(List.of("{\"x\": 0, \"y\": 1}", "{\"x\": 1, \"y\": 3}"), drain(t));
    }

    /** Issue #12: an imported set that is not one of the batch's is skipped, logged and counted. */
    @Test
    void importSkipsLogsAndCountsSetsNotInTheBatch() {
        BatchTuner t = tuner(B1);
        List<String> logged = dev.tunerd.tuners.testkit.LogCapture.during(() -> t.importData(List.of(
            new ImportedTrial(Json.parse("{\"x\":5,\"y\":5}"), Json.parse("0.5"), Optional.empty()),
            new ImportedTrial(Json.parse("{\"x\":0,\"y\":1}"), Json.parse("0.5"), Optional.empty()))));
        assertTrue(logged.stream().anyMatch(m -> m.contains("imported entry 0 skipped: does not fit the search"
            + " space: parameters {'x': 5, 'y': 5} are not one of the batch's parameter sets")), logged.toString());
        assertTrue(logged.stream().anyMatch(m -> m.contains("imported 1 of 2 entries; 1 skipped")), logged.toString());
        assertEquals(List.of("{\"x\": 1, \"y\": 2}", "{\"x\": 1, \"y\": 3}"), drain(t));
    }

    @Test
    void updateDoesNotResendOptionsAlreadySent() throws NoMoreTrialsException {
        BatchTuner t = tuner(B1);
        t.generateParameters(0);
        t.updateSearchSpace(Json.parseObject("{\"p\":{\"_type\":\"choice\",\"_value\":"
            + "[{\"x\":9},{\"x\":0,\"y\":1},{\"x\":1,\"y\":2}]}}", "space"));
        assertEquals(List.of("{\"x\": 9}", "{\"x\": 1, \"y\": 2}"), drain(t));
    }

    @Test
    void otherSpacesAreRefusedClearly() {
        InvalidSearchSpaceException two = assertThrows(InvalidSearchSpaceException.class, () -> tuner(
            "{\"a\":{\"_type\":\"choice\",\"_value\":[1]},\"b\":{\"_type\":\"choice\",\"_value\":[2]}}"));
        assertTrue(two.getMessage().contains("exactly one key") && two.getMessage().contains("got 2 keys"));
        InvalidSearchSpaceException uniform = assertThrows(InvalidSearchSpaceException.class,
            () -> tuner("{\"a\":{\"_type\":\"uniform\",\"_value\":[0,1]}}"));
        assertTrue(uniform.getMessage().startsWith("search space \"a\" has unsupported type \"uniform\""));
        assertThrows(InvalidSearchSpaceException.class, () -> tuner("{\"a\":{\"_type\":\"choice\",\"_value\":[]}}"));
    }

    @Test
    void s8ChoiceKeysOfNnisTestSpaceComeOutInOrder() {
        for (String key : List.of("choice_str", "choice_int", "choice_mixed", "choice_float", "choice_single")) {
            BatchTuner t = new BatchTuner();
            JsonObject space = NniTestSpace.single(key);
            t.updateSearchSpace(space);
            List<JsonValue> options = ((JsonArray) ((JsonObject) space.get(key)).get("_value")).values();
            assertEquals(options, t.generateMultipleParameters(List.of(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L)), key);
        }
    }

    @Test
    void snapshotRestoresTheRemainingList() throws NoMoreTrialsException {
        BatchTuner t = tuner(B1);
        t.generateParameters(0);
        BatchTuner restored = tuner(B1);
        restored.restore(Json.parse(Json.write(t.snapshot())));
        assertEquals(drain(t), drain(restored));
    }
}
