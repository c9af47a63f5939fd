package dev.tunerd.tuners.curvefitting;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;

import dev.tunerd.tuners.curvefitting.CurveEnsemble.FittedCurve;

/** Sharing the fits between two threads must give exactly what fitting one family after the other gives. */
class SharedFittingTest {

    private static List<FittedCurve> oneAfterTheOther(double[] history) {
        List<FittedCurve> out = new ArrayList<>();
        for (CurveFamily family : CurveFamily.values()) {
            if (!family.neverEffective()) {
                out.add(new FittedCurve(family,
                    LeastSquaresFit.fit(family, history).orElseGet(family::publishedParameters)));
            }
        }
        return out;
    }

    private static void assertSame(List<FittedCurve> expected, List<FittedCurve> actual) {
        assertEquals(expected.size(), actual.size());
        for (int i = 0; i < expected.size(); i++) {
            assertEquals(expected.get(i).family(), actual.get(i).family(), "NNI's order");
            assertArrayEquals(expected.get(i).parameters(), actual.get(i).parameters(), 0.0,
                expected.get(i).family().nniName());
        }
    }

    @Test
    void sameParametersBitForBitInNnisOrder() {
        for (int i = 0; i < 12; i++) {
            double[] curve = CurvefittingWarmup.sample(i);
            assertSame(oneAfterTheOther(curve), SharedFitting.fitAll(curve));
        }
    }

    @Test
    void judgementsOnSeveralThreadsAtOnceStillGetTheirOwnFits() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            List<Future<List<FittedCurve>>> running = new ArrayList<>();
            for (int i = 0; i < 9; i++) {
                double[] curve = CurvefittingWarmup.sample(i);
                running.add(pool.submit(() -> SharedFitting.fitAll(curve)));
            }
            for (int i = 0; i < 9; i++) {
                assertSame(oneAfterTheOther(CurvefittingWarmup.sample(i)), running.get(i).get());
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
