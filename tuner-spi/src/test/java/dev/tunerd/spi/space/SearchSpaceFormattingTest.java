package dev.tunerd.spi.space;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonObject;
import java.util.List;
import org.junit.jupiter.api.Test;

/** NNI's formatting vectors ({@code test_hpo_formatting.py}, spec S6). */
class SearchSpaceFormattingTest {
    static final double NAN = Double.NaN;
    static final SearchSpace SPACE = SearchSpace.parse(TestJson.obj("{"
        + "'pool': {'_type': 'choice', '_value': ['max', 'min', 'avg']},"
        + "'kernel': {'_type': 'randint', '_value': [2, 8]},"
        + "'D': {'_type': 'choice', '_value': ["
        + "  {'_name': 'UNIFORM', 'dropout': {'_type': 'uniform', '_value': [0.5, 0.9]},"
        + "   'hidden': {'_type': 'quniform', '_value': [100, 1000, 3]},"
        + "   'U_lr': {'_type': 'loguniform', '_value': [0.0001, 0.1]},"
        + "   'U_batch': {'_type': 'qloguniform', '_value': [16.0, 128.0, 0.725]}},"
        + "  {'_name': 'NORMAL', 'dropout': {'_type': 'normal', '_value': [0.7, 0.2]},"
        + "   'hidden': {'_type': 'qnormal', '_value': [500, 200, 3]},"
        + "   'N_lr': {'_type': 'lognormal', '_value': [-6, 3]},"
        + "   'N_batch': {'_type': 'qlognormal', '_value': [3.5, 1.2, 0.725]}},"
        + "  {'_name': 'EMPTY'}]},"
        + "'not_nested': {'_type': 'choice', '_value': [{'x': 0, 'y': 0}, {'x': 1, 'y': 2}]}}"),
        SearchSpace.ALL_TYPES);

    @Test
    void internalModelMatchesNni() {
        List<ParameterSpec> p = SPACE.parameters();
        assertEquals(List.of("pool", "kernel", "D", "dropout", "hidden", "U_lr", "U_batch", "dropout", "hidden",
            "N_lr", "N_batch", "not_nested"), p.stream().map(ParameterSpec::name).toList());
        assertEquals(List.of("D", "1", "N_lr"), p.get(9).path());
        assertEquals(2, p.get(9).parentIndex());
        assertEquals(1, p.get(9).parentBranch());
        assertEquals(List.of(3, 6, 3, 0, 0, 0, 0, 0, 0, 0, 0, 2), p.stream().map(ParameterSpec::size).toList());
        assertEquals(Math.log(0.0001), p.get(5).low());
        assertEquals(Math.log(128.0), p.get(6).high());
        assertEquals(16.0, p.get(6).clipLow());
        assertEquals(128.0, p.get(6).clipHigh());
        assertEquals(0.725, p.get(10).q());
        assertTrue(Double.isNaN(p.get(8).clipLow()), "qnormal is not clipped");
        assertEquals(3.5, p.get(10).mu());
        assertTrue(p.get(10).log() && p.get(10).normal());
        assertTrue(p.get(2).isNestedChoice());
        assertFalse(p.get(11).isNestedChoice());
    }

    @Test
    void formatsFirstVector() {
        double[] internal = {0, 5, 0, 0.7, 100.1, -4.6, 4.0, NAN, NAN, NAN, NAN, 0};
        JsonObject expected = JsonObject.builder().put("pool", "max").put("kernel", 7)
            .put("D", JsonObject.builder().put("_name", "UNIFORM").put("dropout", 0.7).put("hidden", 100.0)
                .put("U_lr", Math.exp(-4.6)).put("U_batch", 54.375).build())
            .put("not_nested", TestJson.parse("{'x': 0, 'y': 0}")).build();
        JsonObject actual = SPACE.format(internal);
        assertEquals(expected, actual);
        assertEquals(List.of("pool", "kernel", "D", "not_nested"), List.copyOf(actual.keys()));
        assertEquals(List.of("_name", "dropout", "hidden", "U_lr", "U_batch"),
            List.copyOf(((JsonObject) actual.get("D")).keys()));
        assertEquals(new JsonInt(7), actual.get("kernel"));
    }

    @Test
    void formatsSecondVectorWithoutClippingTheNormalFamily() {
        double[] internal = {2, 0, 1, NAN, NAN, NAN, NAN, 0.7, 100.1, -4.6, 4.0, 1};
        JsonObject expected = JsonObject.builder().put("pool", "avg").put("kernel", 2)
            .put("D", JsonObject.builder().put("_name", "NORMAL").put("dropout", 0.7).put("hidden", 99.0)
                .put("N_lr", Math.exp(-4.6)).put("N_batch", 54.375).build())
            .put("not_nested", TestJson.parse("{'x': 1, 'y': 2}")).build();
        assertEquals(expected, SPACE.format(internal));
    }

    @Test
    void formatsAnEmptyBranch() {
        double[] internal = {1, 1, 2, 0.5, 1, 1, 1, 1, 1, 1, 1, 1};
        JsonObject expected = JsonObject.builder().put("pool", "min").put("kernel", 3)
            .put("D", JsonObject.builder().put("_name", "EMPTY").build())
            .put("not_nested", TestJson.parse("{'x': 1, 'y': 2}")).build();
        assertEquals(expected, SPACE.format(internal), "values of inactive branches are ignored");
    }

    @Test
    void deformatsForResume() {
        JsonObject user = SPACE.format(new double[] {0, 5, 0, 0.7, 100.1, -4.6, 4.0, NAN, NAN, NAN, NAN, 0});
        double[] expected = {0, 5, 0, 0.7, 100.0, Math.log(Math.exp(-4.6)), Math.log(54.375), NAN, NAN, NAN, NAN, 0};
        assertArrayEquals(expected, SPACE.deformat(user));
        JsonObject empty = SPACE.format(new double[] {1, 1, 2, NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN, 1});
        assertArrayEquals(new double[] {1, 1, 2, NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN, 1}, SPACE.deformat(empty));
    }

    @Test
    void deformatNamesTheOffendingKey() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> SPACE.deformat(TestJson.parse("{'pool': 'sum'}")));
        assertEquals("parameter \"pool\" value 'sum' is not one of the choices", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> SPACE.deformat(TestJson.parse("{'pool': 'max'}")));
        assertTrue(e.getMessage().startsWith("parameter \"kernel\" is missing"), e.getMessage());
    }

    @Test
    void activationFollowsTheChosenBranch() {
        double[] partial = {1, 1, 0, NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN};
        assertTrue(SPACE.isActive(0, partial));
        assertTrue(SPACE.isActive(3, partial));
        assertTrue(SPACE.isActive(5, partial));
        assertFalse(SPACE.isActive(7, partial));
        partial[2] = 2;
        assertFalse(SPACE.isActive(3, partial));
        assertFalse(SPACE.isActive(9, partial));
        assertTrue(SPACE.isActive(11, partial));
    }

    @Test
    void qRoundingIsHalfToEvenAndResultsAreFloats() {
        SearchSpace s = SearchSpace.parse(TestJson.obj("{'a': {'_type': 'quniform', '_value': [2, 3, 1]},"
            + "'b': {'_type': 'qnormal', '_value': [0, 1, 1]}, 'c': {'_type': 'quniform', '_value': [0, 1, 0.5]}}"),
            SearchSpace.ALL_TYPES);
        JsonObject out = s.format(new double[] {2.5, 3.5, -0.1});
        assertEquals(new JsonFloat(2.0), out.get("a"));
        assertEquals(new JsonFloat(4.0), out.get("b"));
        assertEquals(new JsonFloat(0.0), out.get("c"), "Python's round() never yields a negative zero");
        assertEquals(new JsonFloat(0.0), s.format(new double[] {2, -0.4, 0}).get("b"));
        assertEquals(new JsonFloat(3.0), s.format(new double[] {7, 0, 0}).get("a"), "clipped to high");
    }

    @Test
    void finitenessFollowsNni() {
        assertTrue(SPACE.isFinite(), "continuous parameters inside branches do not count (NNI)");
        assertFalse(SearchSpace.parse(TestJson.obj("{'y': {'_type': 'uniform', '_value': [0, 1]}}"),
            SearchSpace.ALL_TYPES).isFinite());
        assertTrue(SearchSpace.parse(TestJson.obj("{'x': {'_type': 'choice', '_value': ['a', 'b']},"
            + "'y': {'_type': 'quniform', '_value': [0, 1, 0.6]}, 'z': {'_type': 'normal', '_value': [1, 0]}}"),
            SearchSpace.ALL_TYPES).isFinite());
        assertTrue(SearchSpace.parse(TestJson.obj("{'y': {'_type': 'loguniform', '_value': [1, 1]}}"),
            SearchSpace.ALL_TYPES).isFinite());
    }

    @Test
    void categoricalIndexOutOfRangeIsRefused() {
        assertThrows(IllegalArgumentException.class,
            () -> SPACE.format(new double[] {3, 0, 2, NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN, 0}));
    }
}
