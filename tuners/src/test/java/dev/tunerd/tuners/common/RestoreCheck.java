package dev.tunerd.tuners.common;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.Snapshotting;
import dev.tunerd.spi.json.JsonObject;
import java.util.function.Supplier;

/** Test helper: a tuner restored from another's snapshot goes on as the uninterrupted one, step for step. */
public final class RestoreCheck {
    private RestoreCheck() {
    }

    /** One trial of a scripted run: issues {@code id}, reports and ends it, and returns what was issued. */
    @FunctionalInterface
    public interface Step<T> {
        JsonObject run(T tuner, long id) throws Exception;
    }

    /**
     * Runs {@code before} steps on one fresh tuner, restores a second fresh one from its snapshot (through JSON text,
     * as the daemon stores it), and asserts that the next {@code after} steps issue the same on both.
     */
    public static <T extends Snapshotting> void goesOnAsTheUninterrupted(Supplier<T> fresh, Step<T> step, int before,
                                                                         int after) throws Exception {
        T a = fresh.get();
        for (long id = 0; id < before; id++) {
            step.run(a, id);
        }
        T b = fresh.get();
        b.restore(Json.parse(Json.writeAllowingNonFinite(a.snapshot())));
        for (long id = before; id < before + after; id++) {
            assertEquals(step.run(a, id), step.run(b, id), "id " + id);
        }
    }
}
