package dev.tunerd.tuners.bohb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonObject;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link FrozenModel}'s snapshot form: what is held comes back in its order, and a malformed entry is refused. */
class FrozenModelTest {

    private static final JsonObject CONFIG = Json.parseObject("{\"x\": 0.5}", "config");

    @Test
    void heldUpdatesRoundTripInTheirOrder() {
        FrozenModel m = new FrozenModel();
        m.hold(new FrozenModel.Feed(3));
        m.hold(new FrozenModel.Revise(9, CONFIG, 0.25, 0.125, 4));
        m.hold(new FrozenModel.Ended(CONFIG));
        FrozenModel back = new FrozenModel();
        back.read(m.toJson(), 5);
        assertEquals(3, back.fed(5), "fed up to the first held result");
        assertEquals(List.of(new FrozenModel.Feed(3), new FrozenModel.Revise(9, CONFIG, 0.25, 0.125, 4),
            new FrozenModel.Ended(CONFIG)), back.release());
        assertEquals(5, back.fed(5), "nothing held after the release");
    }

    @Test
    void malformedHeldEntriesAreRefusedNamingTheForms() {
        for (String bad : List.of("[[\"feed\", 5]]", "[[\"feed\", -1]]", "[[\"revise\", \"9\", {}, 0.1, 0.2, 1]]",
            "[[\"revise\", 9, {}, \"a\", 0.2, 1]]", "[[\"revise\", 9, {}, 0.1, 0.2, 6]]", "[[\"ended\", 3]]",
            "[[\"other\"]]", "[[]]")) {
            FrozenModel m = new FrozenModel();
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> m.read(Json.parse(bad), 5), bad);
            assertTrue(e.getMessage().contains("a held update must be"), e.getMessage());
        }
    }
}
