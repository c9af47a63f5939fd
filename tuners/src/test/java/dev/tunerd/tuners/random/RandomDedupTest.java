package dev.tunerd.tuners.random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.ImportedTrial;
import dev.tunerd.spi.NoMoreTrialsException;
import dev.tunerd.spi.json.JsonValue;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** Spec S7 ({@code test_hpo_dedup.py}) through the Random tuner, over several seeds. */
class RandomDedupTest {
    static final String FINITE = "{\"x\":{\"_type\":\"choice\",\"_value\":[\"a\",\"b\"]},"
        + "\"y\":{\"_type\":\"quniform\",\"_value\":[0,1,0.6]},\"z\":{\"_type\":\"normal\",\"_value\":[1,0]}}";

    static RandomTuner tuner(long seed, String space) {
        RandomTuner t = new RandomTuner(seed);
        t.updateSearchSpace(Json.parseObject(space, "space"));
        return t;
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void finiteSpaceGivesSixDistinctSetsThenNo(long seed) throws NoMoreTrialsException {
        RandomTuner t = tuner(seed, FINITE);
        Set<String> seen = new TreeSet<>();
        for (int i = 0; i < 6; i++) {
            seen.add(Json.write(t.generateParameters(i)));
        }
        assertThrows(NoMoreTrialsException.class, () -> t.generateParameters(6));
        Set<String> expected = new TreeSet<>();
        for (String x : new String[] {"a", "b"}) {
            for (String y : new String[] {"0.0", "0.6", "1.0"}) {
                expected.add("{\"x\": \"" + x + "\", \"y\": " + y + ", \"z\": 1.0}");
            }
        }
        assertEquals(expected, seen);
    }

    @Test
    void infiniteSpaceNeverRunsOut() throws NoMoreTrialsException {
        RandomTuner t = tuner(3, "{\"x\":{\"_type\":\"choice\",\"_value\":[\"a\",\"b\"]},"
            + "\"y\":{\"_type\":\"uniform\",\"_value\":[0,1]}}");
        for (int i = 0; i < 200; i++) {
            t.generateParameters(i);
        }
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void nestedSpaceGivesDistinctSets(long seed) throws NoMoreTrialsException {
        RandomTuner t = tuner(seed, "{\"outer\":{\"_type\":\"choice\",\"_value\":["
            + "{\"_name\":\"A\",\"x\":{\"_type\":\"choice\",\"_value\":[\"a\",\"b\"]}},"
            + "{\"_name\":\"B\",\"y\":{\"_type\":\"uniform\",\"_value\":[0,1]}}]}}");
        Set<JsonValue> seen = new HashSet<>();
        for (int i = 0; i < 10; i++) {
            assertTrue(seen.add(t.generateParameters(i)), "repeat at " + i);
        }
    }

    @Test
    void importedSetsAreNotProposedAgain() throws NoMoreTrialsException {
        RandomTuner t = tuner(5, "{\"c\":{\"_type\":\"choice\",\"_value\":[\"cat\",\"dog\",\"cow\"]}}");
        t.importData(List.of(new ImportedTrial(Json.parse("{\"c\":\"cat\"}"), Json.parse("1"), Optional.empty()),
            new ImportedTrial(Json.parse("{\"c\":\"lion\"}"), Json.parse("1"), Optional.empty())));
        List<String> got = new ArrayList<>();
        got.add(Json.write(t.generateParameters(0)));
        got.add(Json.write(t.generateParameters(1)));
        assertEquals(new TreeSet<>(List.of("{\"c\": \"cow\"}", "{\"c\": \"dog\"}")), new TreeSet<>(got));
        assertThrows(NoMoreTrialsException.class, () -> t.generateParameters(2));
    }

    @Test
    void s8ImportSubTest() throws NoMoreTrialsException {
        RandomTuner t = tuner(8, "{\"choice_str\":{\"_type\":\"choice\",\"_value\":"
            + "[\"cat\",\"dog\",\"elephant\",\"cow\",\"sheep\",\"panda\",\"tiger\"]}}");
        t.importData(List.of(imported("cat", "1.1"), imported("dog", "{\"default\":1.2,\"tmp\":2}")));
        Set<String> sent = new HashSet<>();
        for (int i = 0; i < 3; i++) {
            assertTrue(sent.add(Json.write(t.generateParameters(i))));
        }
        t.importData(List.of(imported("cat", "1"), imported("dog", "1"), imported("cow", "1")));
        String fourth = Json.write(t.generateParameters(3));
        assertTrue(sent.add(fourth), fourth + " was already sent");
        for (String old : List.of("cat", "dog", "cow")) {
            assertTrue(!fourth.equals("{\"choice_str\": \"" + old + "\"}"), old + " was imported");
        }
        assertTrue(!sent.contains("{\"choice_str\": \"cat\"}") && !sent.contains("{\"choice_str\": \"dog\"}"));
    }

    private static ImportedTrial imported(String animal, String value) {
        return new ImportedTrial(Json.parse("{\"choice_str\":\"" + animal + "\"}"), Json.parse(value),
            Optional.empty());
    }

    @Test
    void emptySpaceGivesOneEmptySetThenNoAsNni() throws NoMoreTrialsException {
        RandomTuner t = tuner(5, "{}");
        assertEquals("{}", Json.write(t.generateParameters(0)));
        assertThrows(NoMoreTrialsException.class, () -> t.generateParameters(1));
    }
}
