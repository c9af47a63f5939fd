package dev.tunerd.spi.space;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.spi.InvalidSearchSpaceException;
import dev.tunerd.spi.json.JsonValue;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** NNI's validation vectors ({@code test_hpo_validation.py}, spec S5) with NNI's exact messages. */
class SearchSpaceValidationTest {

    static final String GOOD = "{'choice': {'_type': 'choice', '_value': ['a', 'b']},"
        + "'randint': {'_type': 'randint', '_value': [1, 10]},"
        + "'uniform': {'_type': 'uniform', '_value': [0, 1.0]},"
        + "'quniform': {'_type': 'quniform', '_value': [1, 10, 0.1]},"
        + "'loguniform': {'_type': 'loguniform', '_value': [0.001, 0.1]},"
        + "'qloguniform': {'_type': 'qloguniform', '_value': [0.001, 0.1, 0.001]},"
        + "'normal': {'_type': 'normal', '_value': [0, 0.1]},"
        + "'qnormal': {'_type': 'qnormal', '_value': [0.5, 0.1, 0.1]},"
        + "'lognormal': {'_type': 'lognormal', '_value': [0.0, 1]},"
        + "'qlognormal': {'_type': 'qlognormal', '_value': [-1, 1, 0.1]}}";

    static List<String> problems(String json, Set<ParameterType> supported) {
        JsonValue raw = TestJson.parse(json);
        return assertThrows(InvalidSearchSpaceException.class, () -> SearchSpace.parse(raw, supported)).problems();
    }

    @Test
    void acceptsEveryTypeAndNestedChoices() {
        SearchSpace good = SearchSpace.parse(TestJson.parse(GOOD), SearchSpace.ALL_TYPES);
        assertEquals(10, good.size());
        assertEquals(List.of(), good.warnings());
        SearchSpace nested = SearchSpace.parse(TestJson.obj("{'outer': {'_type': 'choice', '_value': ["
            + "{'_name': 'empty'}, {'_name': 'a', 'a_1': {'_type': 'choice', '_value': ['a', 'b']}}]}}"),
            SearchSpace.ALL_TYPES);
        assertEquals(2, nested.size());
        assertEquals(List.of("outer", "1", "a_1"), nested.parameters().get(1).path());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
        'x'                                                  | search space is a str, expect a dict : 'x'
        [1]                                                  | search space is a list, expect a dict : [1]
        {'x': [1, 2, 3]}                                     | search space "x" is a list, expect a dict : [1, 2, 3]
        {'x': null}                                          | search space "x" is a NoneType, expect a dict : None
        {'x': {'type': 'choice', 'value': ['a', 'b']}}       | search space "x" does not have "_type" or "_value" : {'type': 'choice', 'value': ['a', 'b']}
        {'x': {'_type': 'choic', '_value': ['a']}}           | search space "x" has unsupported type "choic" : {'_type': 'choic', '_value': ['a']}
        {'x': {'_type': 'choice', '_value': 'ab'}}           | search space "x"'s value is not a list : {'_type': 'choice', '_value': 'ab'}
        {'x': {'_type': 'randint', '_value': [1, 2, 3]}}     | search space "x" (randint) must have 2 values : {'_type': 'randint', '_value': [1, 2, 3]}
        {'x': {'_type': 'quniform', '_value': [0]}}          | search space "x" (quniform) must have 3 values : {'_type': 'quniform', '_value': [0]}
        {'x': {'_type': 'randint', '_value': [1.0, 2.0]}}    | search space "x" (randint) must have int values : {'_type': 'randint', '_value': [1.0, 2.0]}
        {'x': {'_type': 'uniform', '_value': ['0.1', '0.2']}}| search space "x" (uniform) must have float values : {'_type': 'uniform', '_value': ['0.1', '0.2']}
        {'x': {'_type': 'quniform', '_value': [2, 1, 0.1]}}  | search space "x" (quniform) must have high > low : {'_type': 'quniform', '_value': [2, 1, 0.1]}
        {'x': {'_type': 'loguniform', '_value': [0, 1]}}     | search space "x" (loguniform) must have low > 0 : {'_type': 'loguniform', '_value': [0, 1]}
        {'x': {'_type': 'normal', '_value': [0, -1]}}        | search space "x" (normal) must have sigma > 0 : {'_type': 'normal', '_value': [0, -1]}
        {'x': {'_type': 'randint', '_value': [0, 0]}}        | search space "x" (randint) must have high > low : {'_type': 'randint', '_value': [0, 0]}
        {'x': {'_type': 'choice', '_value': []}}             | search space "x" (choice) must have at least one option : {'_type': 'choice', '_value': []}
        {'x': {'_type': 'quniform', '_value': [0, 1, 0]}}    | search space "x" (quniform) must have q > 0 : {'_type': 'quniform', '_value': [0, 1, 0]}
        {'x': {'_type': 'uniform', '_value': [true, 1e400]}} | search space "x" (uniform) must have finite values : {'_type': 'uniform', '_value': [True, inf]}
        {'x': {'_type': 5, '_value': []}}                    | search space "x" has unsupported type "5" : {'_type': 5, '_value': []}
        """)
    void rejectsWithNnisMessage(String json, String message) {
        assertEquals(List.of(message), problems(json, SearchSpace.ALL_TYPES));
    }

    @Test
    void degenerateRangesAreAcceptedWithNnisMessageAsWarning() {
        // NNI's validator logs these, yet its tuners handle them and its tests (S7, S8, G3) rely on them.
        SearchSpace space = SearchSpace.parse(TestJson.obj("{'x': {'_type': 'normal', '_value': [0, 0]},"
            + "'y': {'_type': 'uniform', '_value': [99.9, 99.9]}, 'z': {'_type': 'choice', '_value': [1, null]}}"),
            SearchSpace.ALL_TYPES);
        assertEquals(List.of(
            "search space \"x\" (normal) must have sigma > 0 : {'_type': 'normal', '_value': [0, 0]}",
            "search space \"y\" (uniform) must have high > low : {'_type': 'uniform', '_value': [99.9, 99.9]}",
            "search space \"z\" (choice) should only contain numbers or strings : {'_type': 'choice', '_value': [1, None]}"),
            space.warnings());
    }

    @Test
    void aLogTypeWithEqualZeroBoundsIsStillAnError() {
        assertEquals(List.of("search space \"x\" (loguniform) must have low > 0 : {'_type': 'loguniform', '_value': [0, 0]}"),
            problems("{'x': {'_type': 'loguniform', '_value': [0, 0]}}", SearchSpace.ALL_TYPES));
    }

    @Test
    void supportListIsEnforcedAndEveryViolationIsReported() {
        Set<ParameterType> two = Set.of(ParameterType.CHOICE, ParameterType.RANDINT);
        SearchSpace.parse(TestJson.obj("{'choice': {'_type': 'choice', '_value': ['a', 'b']},"
            + "'randint': {'_type': 'randint', '_value': [1, 10]}}"), two);
        List<String> problems = problems(GOOD, two);
        assertEquals(8, problems.size());
        assertEquals("search space \"uniform\" has unsupported type \"uniform\" : {'_type': 'uniform', '_value': [0, 1.0]}",
            problems.get(0));
    }

    @Test
    void nestedBranchesAreValidatedToo() {
        List<String> problems = problems("{'outer': {'_type': 'choice', '_value': [{'_name': 'a',"
            + "'lr': {'_type': 'uniform', '_value': [1, 0]}}, {'_name': 'b', 'k': {'_type': 'randint', '_value': [3, 3]}}]}}",
            SearchSpace.ALL_TYPES);
        assertEquals(List.of(
            "search space \"outer/0/lr\" (uniform) must have high > low : {'_type': 'uniform', '_value': [1, 0]}",
            "search space \"outer/1/k\" (randint) must have high > low : {'_type': 'randint', '_value': [3, 3]}"), problems);
    }

    @Test
    void mixingNestedAndPlainOptionsIsRefused() {
        List<String> problems = problems("{'x': {'_type': 'choice', '_value': [{'_name': 'a'}, 3]}}",
            SearchSpace.ALL_TYPES);
        assertTrue(problems.get(0).startsWith("search space \"x\" (choice) mixes nested options"), problems.get(0));
    }
}
