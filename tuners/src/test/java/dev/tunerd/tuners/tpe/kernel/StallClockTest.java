package dev.tunerd.tuners.tpe.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** What counts as an improvement for TPE's stall tests, with and without a tolerance. */
class StallClockTest {
    /** Ten results spread over [0, 1] (the scale), the best 0 at the tenth. */
    private static StallClock scaled(double tolerance) {
        StallClock c = new StallClock(tolerance);
        for (int i = 9; i >= 0; i--) {
            c.record(i / 9.0, true);
        }
        return c;
    }

    @Test
    void withoutToleranceEveryLowerLossCounts() {
        StallClock c = scaled(0);
        assertEquals(10, c.bestAt());
        c.record(-0.001, true);
        assertEquals(11, c.bestAt());
        c.record(-0.001, true);
        assertEquals(11, c.bestAt(), "an equal loss is no improvement");
    }

    @Test
    void polishingByLessThanTheToleranceIsAStall() {
        StallClock c = scaled(0.01);
        for (int i = 1; i <= 9; i++) {
            c.record(-0.001 * i, true);
        }
        assertEquals(10, c.bestAt(), "nine gains of 0.001 add to 0.009 < 0.01 of the spread 1");
        c.record(-0.0101, true);
        assertEquals(20, c.bestAt(), "0.0101 below the last counted best");
        c.record(-0.015, true);
        assertEquals(20, c.bestAt(), "the margin is measured from the last counted improvement");
        c.record(-0.0202, true);
        assertEquals(22, c.bestAt());
        // the floor's test reads the clock: 10 results without a counted gain after polishing is a stall
        ExplorationFloor floor = new ExplorationFloor(0.2, 0.3, 0.01);
        for (int i = 0; i < 10; i++) {
            c.record(-0.0202 - 0.0001 * (i + 1), true);
        }
        assertTrue(floor.active(32, c.bestAt()));
        assertFalse(new ExplorationFloor(0.2, 0.3).active(32, 32), "without the tolerance the last gain counts");
    }

    @Test
    void beforeTheScaleIsKnownEveryLowerLossCounts() {
        StallClock c = new StallClock(0.5);
        c.record(1, true);
        c.record(0.999, true);
        c.record(Double.POSITIVE_INFINITY, true);
        c.record(0.998, true);
        assertEquals(4, c.bestAt(), "3 finite results: no scale yet");
    }

    @Test
    void importsCountForTheBestButNotAsTheRunsOwnResults() {
        StallClock c = new StallClock(0);
        c.record(5, false);
        c.record(4, false);
        c.record(6, true);
        assertEquals(1, c.own());
        assertEquals(0, c.ownBestAt());
        assertEquals(2, c.bestAt());
        c.record(3, true);
        assertEquals(2, c.ownBestAt());
        assertEquals(4, c.bestAt());
    }

    @Test
    void theScaleComesFromTheRunsOwnResultsNotFromImports() {
        StallClock c = new StallClock(0.5);
        for (int i = 9; i >= 0; i--) {
            c.record(i / 9.0, false);
        }
        c.record(-0.01, true);
        assertEquals(1, c.ownBestAt(), "ten imports give no scale: a small own gain counts");
        for (int i = 0; i < 8; i++) {
            c.record(i, true);
        }
        c.record(-0.02, true);
        assertEquals(10, c.ownBestAt(), "the tenth own result is judged before it joins the scale");
        c.record(-0.03, true);
        assertEquals(10, c.ownBestAt(), "now the own spread (7.02) scales it: 0.01 is below half of it");
    }

    @Test
    void toleranceOutsideZeroToOneIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new ExplorationFloor(0.2, 0.3, -0.1));
        assertThrows(IllegalArgumentException.class, () -> new ExplorationFloor(0.2, 0.3, 1.5));
        assertEquals(0, new ExplorationFloor(0.2, 0.3).tolerance());
        assertEquals(0.02, new ExplorationFloor(0.2, 0.3).withTolerance(0.02).tolerance());
    }
}
