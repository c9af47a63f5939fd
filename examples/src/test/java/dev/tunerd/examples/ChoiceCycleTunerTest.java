package dev.tunerd.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.InvalidSearchSpaceException;
import dev.tunerd.spi.NoMoreTrialsException;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.TunerProvider;
import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import dev.tunerd.spi.json.JsonValue;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

class ChoiceCycleTunerTest {

    private static final JsonObject SPACE = JsonObject.builder()
        .put("a", choice(JsonInt.of(1), JsonInt.of(2)))
        .put("b", choice(JsonString.of("x"), JsonString.of("y"), JsonString.of("z")))
        .build();

    private static JsonObject choice(JsonValue... values) {
        return JsonObject.builder().put("_type", "choice").put("_value", JsonArray.of(values)).build();
    }

    private static List<JsonValue> drain(Tuner tuner) {
        List<JsonValue> out = new ArrayList<>();
        try {
            for (long id = 0; id < 100; id++) {
                out.add(tuner.generateParameters(id));
            }
        } catch (NoMoreTrialsException e) {
            return out;
        }
        return out;
    }

    @Test
    void handsOutEveryCombinationLastKeyFastestThenStops() {
        Tuner tuner = new ChoiceCycleTuner(new ChoiceCycleArgs(null, null));
        tuner.updateSearchSpace(SPACE);
        List<JsonValue> sets = drain(tuner);
        assertEquals(6, sets.size());
        assertEquals(JsonObject.builder().put("a", 1).put("b", "x").build(), sets.get(0));
        assertEquals(JsonObject.builder().put("a", 1).put("b", "y").build(), sets.get(1));
        assertEquals(JsonObject.builder().put("a", 2).put("b", "z").build(), sets.get(5));
    }

    @Test
    void aSeedShufflesReproducibly() {
        Tuner one = new ChoiceCycleTuner(new ChoiceCycleArgs(3L, false));
        Tuner two = new ChoiceCycleTuner(new ChoiceCycleArgs(3L, false));
        Tuner plain = new ChoiceCycleTuner(new ChoiceCycleArgs(null, false));
        one.updateSearchSpace(SPACE);
        two.updateSearchSpace(SPACE);
        plain.updateSearchSpace(SPACE);
        List<JsonValue> shuffled = drain(one);
        assertEquals(shuffled, drain(two));
        assertNotEquals(drain(plain), shuffled);
    }

    @Test
    void repeatStartsAgain() throws NoMoreTrialsException {
        Tuner tuner = new ChoiceCycleTuner(new ChoiceCycleArgs(null, true));
        tuner.updateSearchSpace(SPACE);
        JsonValue first = tuner.generateParameters(0);
        for (int i = 1; i < 6; i++) {
            tuner.generateParameters(i);
        }
        assertEquals(first, tuner.generateParameters(6));
    }

    @Test
    void rejectsParametersItCannotEnumerate() {
        Tuner tuner = new ChoiceCycleTuner(new ChoiceCycleArgs(null, null));
        var e = assertThrows(InvalidSearchSpaceException.class, () -> tuner.updateSearchSpace(JsonObject.builder()
            .put("lr", JsonObject.builder().put("_type", "uniform").put("_value", JsonArray.of(JsonInt.of(0),
                JsonInt.of(1))).build()).build()));
        assertEquals(List.of("lr: ChoiceCycle supports only non-empty \"choice\" parameters"), e.problems());
        assertThrows(IllegalArgumentException.class, () -> new ChoiceCycleArgs(-1L, null));
    }

    @Test
    void isFoundByServiceLoader() {
        @SuppressWarnings("rawtypes")
        List<String> names = ServiceLoader.load(TunerProvider.class).stream().map(p -> p.get().name()).toList();
        assertTrue(names.contains("ChoiceCycle"), names.toString());
        Tuner created = new ChoiceCycleProvider().create(AlgorithmContext.standalone(), new ChoiceCycleArgs(null, null));
        created.updateSearchSpace(SPACE);
        assertEquals(6, drain(created).size());
    }
}
