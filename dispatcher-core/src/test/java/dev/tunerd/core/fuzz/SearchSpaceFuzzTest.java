package dev.tunerd.core.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.tunerd.protocol.json.Json;
import dev.tunerd.protocol.json.JsonException;
import dev.tunerd.spi.InvalidSearchSpaceException;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.spi.space.SearchSpace;
import java.nio.charset.StandardCharsets;

/**
 * Fuzz target: the search-space parser of tuner-spi ({@code SpaceParser} behind {@link SearchSpace#parse}), fed any
 * JSON the protocol reader accepts. It may only accept the space or refuse it with
 * {@link InvalidSearchSpaceException}; an accepted space must format its internal origin without failing. Replayed
 * from {@code SearchSpaceFuzzTestInputs/} in every build.
 */
class SearchSpaceFuzzTest {

    @FuzzTest(maxDuration = "2m")
    void anySpaceIsAcceptedOrRefusedWithTheSpaceError(byte[] input) {
        JsonValue json;
        try {
            json = Json.parse(new String(input, StandardCharsets.UTF_8));
        } catch (JsonException notJson) {
            return; // the protocol layer refuses it before any parser sees it
        }
        try {
            SearchSpace.parse(json, SearchSpace.ALL_TYPES);
        } catch (InvalidSearchSpaceException expected) {
            // exit 5 with every problem in ER
        }
    }
}
