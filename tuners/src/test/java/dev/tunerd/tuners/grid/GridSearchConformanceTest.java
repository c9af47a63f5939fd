package dev.tunerd.tuners.grid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.ImportedTrial;
import dev.tunerd.spi.InvalidSearchSpaceException;
import dev.tunerd.spi.NoMoreTrialsException;
import dev.tunerd.spi.Tuner;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Spec 8.3 G1-G4 and the S8 import sub-test, compared as the printed JSON NNI sends. */
class GridSearchConformanceTest {

    static List<String> run(String space, int max) {
        Tuner tuner = new GridSearchTuner();
        tuner.updateSearchSpace(Json.parseObject(space, "search space"));
        return take(tuner, max);
    }

    static List<String> take(Tuner tuner, int max) {
        List<String> out = new ArrayList<>();
        try {
            for (int i = 0; i < max; i++) {
                out.add(Json.write(tuner.generateParameters(i)));
            }
            out.add("NO");
        } catch (NoMoreTrialsException e) {
            out.add("NO");
        }
        return out;
    }

    /**
     * Issue #12 defect 8: the grid is walked lazily. {@code randint [0, 2147483646]} used to list 2^31 positions
     * before the first set (6 GB, then OutOfMemoryError); now the first sets come at once, in NNI's order, with the
     * heap barely moved, and a snapshot stays small.
     */
    @Test
    void aHugeRandintIsWalkedWithoutListingIt() {
        Runtime rt = Runtime.getRuntime();
        System.gc();
        long before = rt.totalMemory() - rt.freeMemory();
        long start = System.nanoTime();
        Tuner tuner = new GridSearchTuner();
        tuner.updateSearchSpace(Json.parseObject("{\"x\":{\"_type\":\"randint\",\"_value\":[0,2147483646]},"
            + "\"c\":{\"_type\":\"choice\",\"_value\":[\"a\",\"b\"]}}", "search space"));
        assertEquals(List.of("{\"x\": 0, \"c\": \"a\"}", "{\"x\": 0, \"c\": \"b\"}", "{\"x\": 1, \"c\": \"a\"}", "NO"),
            take(tuner, 3));
        long millis = (System.nanoTime() - start) / 1_000_000;
        long grown = rt.totalMemory() - rt.freeMemory() - before;
        org.junit.jupiter.api.Assertions.assertTrue(millis < 1000, millis + " ms");
        org.junit.jupiter.api.Assertions.assertTrue(grown < 64L << 20, (grown >> 20) + " MB");
        String snapshot = Json.write(((GridSearchTuner) tuner).snapshot());
        org.junit.jupiter.api.Assertions.assertTrue(snapshot.length() < 1000, snapshot);
    }

    @Test
    void g1ChoiceThenNo() {
        assertEquals(List.of("{\"x\": 1}", "{\"x\": 2}", "{\"x\": 3}", "NO"),
            run("{\"x\":{\"_type\":\"choice\",\"_value\":[1,2,3]}}", 10));
    }

    @Test
    void g2OrderAcrossEpochsWithTheLastDimensionFastest() {
        String h = "-0.6744897501960818";
        String p = "0.6744897501960818";
        List<String> expected = new ArrayList<>();
        for (String xyz : new String[] {"5,0.0,2.0", "7,0.0,2.0", "5,0.0,3.0", "5," + h + ",2.0", "5," + h + ",3.0",
            "5," + p + ",2.0", "5," + p + ",3.0", "7,0.0,3.0", "7," + h + ",2.0", "7," + h + ",3.0",
            "7," + p + ",2.0", "7," + p + ",3.0"}) {
            String[] v = xyz.split(",");
            expected.add("{\"x\": " + v[0] + ", \"y\": " + v[1] + ", \"z\": " + v[2] + "}");
        }
        List<String> actual = run("{\"x\":{\"_type\":\"choice\",\"_value\":[5,7]},"
            + "\"y\":{\"_type\":\"normal\",\"_value\":[0,1]},\"z\":{\"_type\":\"quniform\",\"_value\":[2,3,1]}}", 12);
        assertEquals(expected, actual.subList(0, 12));
    }

    @Test
    void g3UniformBisects() {
        assertEquals(List.of("0.5", "0.25", "0.75", "0.125", "0.375", "0.625", "0.875", "0.0625"),
            values(run("{\"x\":{\"_type\":\"uniform\",\"_value\":[0,1]}}", 8)).subList(0, 8));
    }

    @Test
    void g3Finite() {
        assertEquals(List.of("-2", "-1", "0", "1", "2", "NO"),
            values(run("{\"x\":{\"_type\":\"randint\",\"_value\":[-2,3]}}", 50)));
        assertEquals(List.of("5.0", "2.5", "7.5", "0.0", "10.0", "NO"),
            values(run("{\"x\":{\"_type\":\"quniform\",\"_value\":[0,10,2.5]}}", 50)));
        assertEquals(List.of("5.0", "10.0", "2.0", "NO"),
            values(run("{\"x\":{\"_type\":\"quniform\",\"_value\":[2,10,5]}}", 50)));
        assertEquals(List.of("2.0", "NO"), values(run("{\"x\":{\"_type\":\"qloguniform\",\"_value\":[2,2,1]}}", 50)));
        assertEquals(List.of("99.9", "NO"), values(run("{\"x\":{\"_type\":\"uniform\",\"_value\":[99.9,99.9]}}", 50)));
        assertEquals(List.of("1", "NO"), values(run("{\"x\":{\"_type\":\"choice\",\"_value\":[1]}}", 50)));
    }

    @Test
    void g3LogUniform() {
        assertEquals(List.of("0.31622776601683805", "0.01778279410038924", "5.62341325190349", "0.004216965034285825"),
            values(run("{\"x\":{\"_type\":\"loguniform\",\"_value\":[0.001,100]}}", 4)).subList(0, 4));
    }

    @Test
    void g4Nested() {
        assertEquals(List.of("{\"outer\": {\"_name\": \"A\", \"x\": \"a\"}}", "{\"outer\": {\"_name\": \"A\", \"x\": \"b\"}}",
            "{\"outer\": {\"_name\": \"B\", \"y\": 1}}", "{\"outer\": {\"_name\": \"B\", \"y\": 2}}",
            "{\"outer\": {\"_name\": \"C\"}}", "NO"),
            run("{\"outer\":{\"_type\":\"choice\",\"_value\":[{\"_name\":\"A\",\"x\":{\"_type\":\"choice\",\"_value\":[\"a\",\"b\"]}},"
                + "{\"_name\":\"B\",\"y\":{\"_type\":\"choice\",\"_value\":[1,2]}},{\"_name\":\"C\"}]}}", 50));
        assertEquals(List.of("{\"p\": {\"x\": 0, \"y\": 1}}", "{\"p\": {\"x\": 1, \"y\": 2}}", "NO"),
            run("{\"p\":{\"_type\":\"choice\",\"_value\":[{\"x\":0,\"y\":1},{\"x\":1,\"y\":2}]}}", 50));
    }

    @Test
    void s8ImportSkipsImportedSets() {
        Tuner tuner = new GridSearchTuner();
        tuner.updateSearchSpace(Json.parseObject("{\"choice_str\":{\"_type\":\"choice\",\"_value\":"
            + "[\"cat\",\"dog\",\"elephant\",\"cow\",\"sheep\",\"panda\",\"tiger\"]}}", "space"));
        tuner.importData(List.of(
            new ImportedTrial(Json.parse("{\"choice_str\":\"cat\"}"), Json.parse("1.1"), Optional.empty()),
            new ImportedTrial(Json.parse("{\"choice_str\":\"dog\"}"), Json.parse("{\"default\":1.2,\"tmp\":2}"),
                Optional.empty())));
        assertEquals(List.of("{\"choice_str\": \"elephant\"}", "{\"choice_str\": \"cow\"}",
            "{\"choice_str\": \"sheep\"}", "NO"), take(tuner, 3));
    }

    @Test
    void importedIntegerForAQTypeCountsAsTheFloatSent() {
        Tuner tuner = new GridSearchTuner();
        tuner.updateSearchSpace(Json.parseObject("{\"x\":{\"_type\":\"quniform\",\"_value\":[2,10,5]}}", "s"));
        tuner.importData(List.of(new ImportedTrial(Json.parse("{\"x\":5}"), Json.parse("1"), Optional.empty())));
        assertEquals(List.of("{\"x\": 10.0}", "{\"x\": 2.0}", "NO"), take(tuner, 5));
    }

    @Test
    void emptySpaceIsRefusedAsNniDoes() {
        InvalidSearchSpaceException e = assertThrows(InvalidSearchSpaceException.class,
            () -> new GridSearchTuner().updateSearchSpace(Json.parseObject("{}", "space")));
        assertEquals(List.of("Search space is empty"), e.problems());
    }

    private static List<String> values(List<String> printed) {
        return printed.stream().map(s -> s.equals("NO") ? s : s.substring(6, s.length() - 1)).toList();
    }
}
