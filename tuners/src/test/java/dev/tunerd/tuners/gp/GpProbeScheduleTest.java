package dev.tunerd.tuners.gp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.tuners.bench.Specs;
import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.model.UnitSpace;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The GP probe's lean schedule (issue 16, session 18): no GP work before the first probe, a first fit then, a short
 * refit only when the observations grew by a tenth, the full fit when they doubled, and all of it in the state, so
 * a probe restored after a replay continues with the same fits and the same points.
 */
class GpProbeScheduleTest {
    private static final UnitSpace SPACE = new UnitSpace(List.of(Specs.uniform("x", 0, 1), Specs.uniform("y", 0, 1)));

    private static List<double[]> points(int n, long seed) {
        Rng data = new Rng(seed);
        List<double[]> rows = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            rows.add(new double[] {data.nextDouble(), data.nextDouble()});
        }
        return rows;
    }

    private static double loss(double[] x) {
        return Math.hypot(x[0] - 0.7, x[1] - 0.3) + 0.3 * Math.sin(9 * x[0]);
    }

    private static void feed(GpProbe gp, List<double[]> rows, int from, int to) {
        for (int i = from; i < to; i++) {
            gp.observe(rows.get(i), loss(rows.get(i)));
        }
    }

    @Test
    void observationsReachTheGpOnlyWhenItIsAsked() {
        GpProbe gp = new GpProbe(SPACE, "ei", 0, 150, true, new Rng(1));
        List<double[]> rows = points(300, 5);
        feed(gp, rows, 0, 300);
        assertEquals(0, gp.modelled());
        assertEquals(0, gp.fits());
        gp.suggest(List.of());
        assertEquals(300, gp.modelled());
        assertEquals(1, gp.fits());
    }

    @Test
    void theLeanScheduleRefitsOnATenthMoreDataAndFitsInFullWhenItDoubled() {
        GpProbe gp = new GpProbe(SPACE, "ei", 0, 150, true, new Rng(2));
        List<double[]> rows = points(90, 6);
        int[] fitsAfter = new int[91];
        feed(gp, rows, 0, 40);
        for (int n = 40; n <= 90; n += 2) {
            gp.suggest(List.of());
            fitsAfter[n] = gp.fits();
            if (n < 90) {
                feed(gp, rows, n, n + 2);
            }
        }
        // probed every second trial: the first fit at 40; short refits at 44, 48, 52, 58, 64, 70, 78 (the first probe
        // with a tenth more than at the last fit); the full one at 80 (twice 40), a short one at 88
        assertEquals(1, fitsAfter[40]);
        assertEquals(1, fitsAfter[42]);
        assertEquals(2, fitsAfter[44]);
        assertEquals(7, fitsAfter[70]);
        assertEquals(7, fitsAfter[76]);
        assertEquals(8, fitsAfter[78]);
        assertEquals(9, fitsAfter[80]);
        assertEquals(9, fitsAfter[86]);
        assertEquals(10, fitsAfter[88]);
        JsonObject state = (JsonObject) gp.state();
        assertEquals(80, ((JsonInt) state.get("full_at")).value());
        assertEquals(88, ((JsonInt) state.get("fitted_at")).value());
    }

    @Test
    void theGpTunersScheduleFitsFarMoreOften() {
        GpProbe gp = new GpProbe(SPACE, "ei", 0, 150, false, new Rng(2));
        List<double[]> rows = points(90, 6);
        feed(gp, rows, 0, 30);
        for (int n = 30; n < 40; n++) {
            gp.suggest(List.of());
            feed(gp, rows, n, n + 1);
        }
        // every suggestion under 40 observations fits
        assertEquals(10, gp.fits());
        assertTrue(((JsonObject) gp.state()).get("full_at") == null);
    }

    @Test
    void aRestoredProbeContinuesWithTheSameFitsAndPoints() {
        List<double[]> rows = points(120, 7);
        Rng rng = new Rng(3);
        GpProbe original = new GpProbe(SPACE, "ei", 0, 150, true, rng);
        feed(original, rows, 0, 50);
        original.suggest(List.of());
        feed(original, rows, 50, 57);
        original.suggest(List.of());
        JsonValue state = Json.parse(Json.write(original.state()));
        long rngState = rng.state();
        GpProbe restored = new GpProbe(SPACE, "ei", 0, 150, true, new Rng(rngState));
        feed(restored, rows, 0, 57);
        restored.restore(state);
        GpProbe unrestored = new GpProbe(SPACE, "ei", 0, 150, true, new Rng(rngState));
        feed(unrestored, rows, 0, 57);
        for (int[] step : new int[][] {{57, 60}, {60, 66}, {66, 100}, {100, 120}}) {
            feed(original, rows, step[0], step[1]);
            feed(restored, rows, step[0], step[1]);
            feed(unrestored, rows, step[0], step[1]);
            double[] next = original.suggest(List.of());
            assertArrayEquals(next, restored.suggest(List.of()), 0.0);
            unrestored.suggest(List.of());
        }
        assertEquals(Json.write(original.state()), Json.write(restored.state()));
        // without the state the schedule starts over: its first fit at 60 observations, so its full fit falls at
        // 120, the original's at 100
        assertEquals(100, ((JsonInt) ((JsonObject) original.state()).get("full_at")).value());
        assertEquals(120, ((JsonInt) ((JsonObject) unrestored.state()).get("full_at")).value());
    }
}
