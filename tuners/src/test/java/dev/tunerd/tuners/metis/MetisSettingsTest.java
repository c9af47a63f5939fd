package dev.tunerd.tuners.metis;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The settings' own rules: when a far probe's turn comes, and the bounds of the additive view's gate. */
class MetisSettingsTest {
    @Test
    void aFarProbeWithAStallWaitsUntilTheBestResultIsThatOld() {
        MetisSettings.Far far = new MetisSettings.Far(5, 30, 0.3, 15);
        assertFalse(far.at(40, 40, () -> 14), "the best result is 14 results old");
        assertTrue(far.at(40, 40, () -> 15));
        assertFalse(far.at(41, 41, () -> 20), "not a turn: 41 % 5 != 0");
        assertFalse(far.at(25, 25, () -> 20), "before 30 results");
        assertTrue(new MetisSettings.Far(5, 30, 0.3).at(40, 40, () -> 0), "without a stall, whatever its age");
    }

    @Test
    void theViewsGateRefusesOutOfRangeSettings() {
        assertThrows(IllegalArgumentException.class,
            () -> new MetisSettings.Wells(5, 20, 0.05, 0.2, 0.15, false, false, 0.9, 1.5, 0));
        assertThrows(IllegalArgumentException.class,
            () -> new MetisSettings.Wells(5, 20, 0.05, 0.2, 0.15, false, false, 0.9, 0.9, -1));
        assertThrows(IllegalArgumentException.class, () -> new MetisSettings.Far(5, 30, 0.3, -1));
    }
}
