package dev.tunerd.spi.space;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.spi.InvalidSearchSpaceException;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Issue #12: spaces whose values cannot be written are refused at IN; FD entries are checked against the space. */
class SpaceHardeningTest {

    /** Defect 6: each of these passed validation and made the first GE fail (a value of infinity). */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "uniform|-1.7e308, 1.7e308|must have high - low within the range of a double",
        "lognormal|1000, 1|must have mu + 40 * sigma at most 709.78",
        "qlognormal|1000, 1, 1|must have mu + 40 * sigma at most 709.78",
        "normal|0, 1e307|must have |mu| + 40 * sigma within the range of a double",
        "quniform|0, 1e300, 1e-300|must have q large enough that values divided by q stay finite",
        "qnormal|1e300, 1, 1e-300|must have q large enough that values divided by q stay finite"})
    void valuesThatWouldOverflowAreRefusedNamingTheKey(String type, String values, String problem) {
        List<String> problems = SearchSpaceValidationTest.problems("{'x': {'_type': '" + type + "', '_value': ["
            + values + "]}}", SearchSpace.ALL_TYPES);
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.get(0).startsWith("search space \"x\" (" + type + ") " + problem), problems.get(0));
    }

    @Test
    void wideButWritableSpacesStayAccepted() {
        SearchSpace s = SearchSpace.parse(TestJson.parse("{'u': {'_type': 'uniform', '_value': [-8e307, 8e307]},"
            + "'l': {'_type': 'lognormal', '_value': [600, 2]}, 'g': {'_type': 'loguniform', '_value': [1e-300, 1e300]},"
            + "'r': {'_type': 'randint', '_value': [0, 2147483646]}}"), SearchSpace.ALL_TYPES);
        assertEquals(4, s.size());
    }

    @Test
    void theExceptionMessageListsTwentyProblemsAndCountsTheRest() {
        String space = "{" + String.join(", ", IntStream.range(0, 9000).mapToObj(i -> "'x" + i
            + "': {'_type': 'uniform', '_value': [2, 1]}").toList()) + "}";
        InvalidSearchSpaceException e = org.junit.jupiter.api.Assertions.assertThrows(
            InvalidSearchSpaceException.class, () -> SearchSpace.parse(TestJson.parse(space), SearchSpace.ALL_TYPES));
        assertEquals(9000, e.problems().size());
        assertTrue(e.getMessage().endsWith("; ... and 8980 more"), e.getMessage());
        assertTrue(e.getMessage().length() < 20 * 310, e.getMessage().length() + " characters");
    }

    /** Weak spot: an FD entry that does not fit is named precisely (unknown key, choice, range), not accepted. */
    @Test
    void misfitsNameWhatDoesNotFit() {
        SearchSpace s = SearchSpace.parse(TestJson.parse("{'c': {'_type': 'choice', '_value': ['a', 'b']},"
            + "'u': {'_type': 'uniform', '_value': [0, 1]}, 'n': {'_type': 'choice', '_value': [{'_name': 'p',"
            + " 'q': {'_type': 'randint', '_value': [0, 3]}}]}}"), SearchSpace.ALL_TYPES);
        assertEquals(Optional.empty(), s.misfit(TestJson.parse("{'c': 'a', 'u': 0.5, 'n': {'_name': 'p', 'q': 2}}")));
        assertEquals(Optional.of("parameter \"zz\" is not in the search space"),
            s.misfit(TestJson.parse("{'c': 'a', 'u': 0.5, 'n': {'_name': 'p', 'q': 2}, 'zz': 1}")));
        assertEquals(Optional.of("parameter \"n/r\" is not in the search space"),
            s.misfit(TestJson.parse("{'c': 'a', 'u': 0.5, 'n': {'_name': 'p', 'q': 2, 'r': 1}}")));
        assertTrue(s.misfit(TestJson.parse("{'c': 'z', 'u': 0.5, 'n': {'_name': 'p', 'q': 2}}")).orElseThrow()
            .contains("is not one of the choices"));
        assertEquals(Optional.of("parameter \"u\" value 1.5 is outside uniform [0, 1]"),
            s.misfit(TestJson.parse("{'c': 'a', 'u': 1.5, 'n': {'_name': 'p', 'q': 2}}")));
        assertTrue(s.misfit(TestJson.parse("{'c': 'a', 'u': 0.5, 'n': {'_name': 'p', 'q': 7}}")).orElseThrow()
            .contains("is not in randint"));
        assertTrue(s.misfit(TestJson.parse("{'c': 'a'}")).orElseThrow().contains("is missing"));
    }

    /**
     * Issue 13 session 31 (the hostile-manager streams): an imported {@code x: NaN} fitted every space (NaN marks a
     * parameter a nested choice leaves inactive), so BOHB fed it to its model, which then drew the same degenerate
     * configuration again (tpe) or threw a NullPointerException (kde). An active parameter's NaN is a misfit now; an
     * inactive one's absence still fits.
     */
    @Test
    void aNaNValueOfAnActiveParameterDoesNotFit() {
        SearchSpace s = SearchSpace.parse(TestJson.parse("{'u': {'_type': 'uniform', '_value': [0, 1]},"
            + " 'g': {'_type': 'normal', '_value': [0, 1]}, 'n': {'_type': 'choice', '_value': [{'_name': 'p',"
            + " 'q': {'_type': 'quniform', '_value': [0, 3, 1]}}, {'_name': 'o'}]}}"), SearchSpace.ALL_TYPES);
        dev.tunerd.spi.json.JsonValue nan = dev.tunerd.spi.json.JsonFloat.of(Double.NaN);
        dev.tunerd.spi.json.JsonObject fits = (dev.tunerd.spi.json.JsonObject) TestJson.parse(
            "{'u': 0.5, 'g': 0.1, 'n': {'_name': 'o'}}");
        assertEquals(Optional.empty(), s.misfit(fits), "q is inactive under option o");
        assertEquals(Optional.of("parameter \"u\" value is NaN, not a number in uniform [0, 1]"),
            s.misfit(dev.tunerd.spi.json.JsonObject.builder().put("u", nan).put("g", 0.1)
                .put("n", fits.get("n")).build()));
        assertTrue(s.misfit(dev.tunerd.spi.json.JsonObject.builder().put("u", 0.5).put("g", nan)
            .put("n", fits.get("n")).build()).orElseThrow().contains("\"g\" value is NaN"));
        assertTrue(s.misfit(dev.tunerd.spi.json.JsonObject.builder().put("u", 0.5).put("g", 0.1)
            .put("n", dev.tunerd.spi.json.JsonObject.builder().put("_name", "p").put("q", nan).build()).build())
            .orElseThrow().matches("parameter \"n/.*q\" value is NaN.*"));
    }
}
