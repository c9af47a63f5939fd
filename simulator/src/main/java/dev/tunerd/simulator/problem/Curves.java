package dev.tunerd.simulator.problem;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonValue;

/** Shared by the learning-curve problems: a stable fingerprint of a parameter set that seeds its noise. */
final class Curves {
    private Curves() {
    }

    static long fingerprint(JsonValue parameters) {
        long h = 1125899906842597L;
        for (char c : Json.writeAllowingNonFinite(parameters).toCharArray()) {
            h = 31 * h + c;
        }
        return h;
    }
}
