package dev.tunerd.tuners.gp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.tuners.bench.Specs;
import dev.tunerd.tuners.common.Rng;
import dev.tunerd.tuners.model.UnitSpace;
import dev.tunerd.tuners.tpe.TpeArgs;
import dev.tunerd.tuners.tpe.kernel.ModelProbe;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The lean schedule's first fit and its iterations (issue 16, session 19): what a fresh probe pays for its
 * hyper-parameters, counted in marginal-likelihood evaluations (one Cholesky factorisation each), the later
 * schedule left as it was, and a restored probe continuing identically whatever the first fit.
 */
class FirstFitTest {
    static final UnitSpace SPACE = new UnitSpace(List.of(Specs.uniform("x", 0, 1), Specs.uniform("y", 0, 1),
        Specs.uniform("z", 0, 1)));

    /** {@code n} random points of {@link #SPACE} (shared with {@code FirstSearchTest}). */
    static List<double[]> points(int n, long seed) {
        Rng data = new Rng(seed);
        List<double[]> rows = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            rows.add(new double[] {data.nextDouble(), data.nextDouble(), data.nextDouble()});
        }
        return rows;
    }

    /** A loss on {@link #SPACE} with a basin and ripples (shared with {@code FirstSearchTest}). */
    static double loss(double[] x) {
        return Math.hypot(x[0] - 0.7, x[1] - 0.3) + 0.3 * Math.sin(9 * x[0]) + 0.1 * x[2];
    }

    private static void feed(GpProbe gp, List<double[]> rows, int from, int to) {
        for (int i = from; i < to; i++) {
            gp.observe(rows.get(i), loss(rows.get(i)));
        }
    }

    /** The lean first fit of {@code fit} iterations on {@code rows} rows, the first suggestion searched as usual. */
    static FirstProbe first(int fit, int rows) {
        return new FirstProbe(fit, rows, FirstSearch.USUAL);
    }

    private static GpProbe probe(int firstFit, Rng rng) {
        return new GpProbe(SPACE, "ei", 0, 150, true, first(firstFit, GpProbe.FIRST_ROWS), rng);
    }

    private static GpProbe firstProbe(int firstFit) {
        GpProbe gp = probe(firstFit, new Rng(4));
        feed(gp, points(120, 8), 0, 120);
        gp.suggest(List.of());
        return gp;
    }

    @Test
    void theDefaultFirstFitRunsTheOptimiserAndNoIterationsTakeThePriorsMode() {
        GpProbe full = firstProbe(GpProbe.FIRST_FIT);
        GpProbe mode = firstProbe(0);
        assertEquals(1, full.fits());
        assertEquals(1, mode.fits());
        // a fresh probe's cost: one likelihood evaluation instead of the optimiser's dozens
        assertTrue(full.fitEvaluations() > 10, "evaluations: " + full.fitEvaluations());
        assertEquals(1, mode.fitEvaluations());
        // the prior's mode: signal variance 1, every length scale 0.3, the noise at its start
        JsonArray theta = (JsonArray) ((JsonObject) mode.state()).get("theta");
        assertEquals(0.0, theta.get(0).asDouble(), 0.0);
        for (int g = 1; g < theta.size() - 1; g++) {
            assertEquals(Math.log(0.3), theta.get(g).asDouble(), 1e-12);
        }
        assertNotEquals(Json.write(full.state()), Json.write(mode.state()));
        GpProbe few = firstProbe(5);
        assertTrue(few.fitEvaluations() > 1 && few.fitEvaluations() < full.fitEvaluations(),
            "evaluations: " + few.fitEvaluations());
    }

    @Test
    void theCheapFirstProbesFirstFitIsOneEvaluation() {
        // session 19 (off by default): a fresh tuner's first probe pays no L-BFGS fit (the default runs 34-42
        // evaluations on hartmann6)
        ModelProbe d = TpeArgs.PROBE_CHEAP_FIRST;
        GpProbe gp = new GpProbe(SPACE, d.utility(), d.kappa(), d.cap(), d.lean(), d.firstProbe(), new Rng(4));
        feed(gp, points(120, 8), 0, 120);
        gp.suggest(List.of());
        assertEquals(1, gp.fitEvaluations());
        assertEquals(Json.write(firstProbe(0).state()), Json.write(gp.state()));
        ModelProbe def = TpeArgs.PROBE;
        GpProbe fitted = new GpProbe(SPACE, def.utility(), def.kappa(), def.cap(), def.lean(),
            first(def.firstFit(), GpProbe.FIRST_ROWS), new Rng(4));
        feed(fitted, points(120, 8), 0, 120);
        fitted.suggest(List.of());
        assertTrue(fitted.fitEvaluations() > 1, "the default's first fit: " + fitted.fitEvaluations());
    }

    @Test
    void theLaterScheduleIsTheSameWhateverTheFirstFit() {
        List<double[]> rows = points(100, 9);
        GpProbe full = probe(GpProbe.FIRST_FIT, new Rng(5));
        GpProbe mode = probe(0, new Rng(5));
        feed(full, rows, 0, 40);
        feed(mode, rows, 0, 40);
        for (int n = 40; n <= 100; n += 4) {
            full.suggest(List.of());
            mode.suggest(List.of());
            assertEquals(full.fits(), mode.fits(), "fits after " + n);
            assertEquals(Json.write(((JsonObject) full.state()).get("full_at")),
                Json.write(((JsonObject) mode.state()).get("full_at")));
            if (n < 100) {
                feed(full, rows, n, n + 4);
                feed(mode, rows, n, n + 4);
            }
        }
        // the first fit at 40; short refits at 44, 48, 52, 60, 68, 76; the full one at 80; short ones at 88, 96
        assertEquals(10, mode.fits());
    }

    @Test
    void aRestoredProbeWithTheCheapFirstFitContinuesIdentically() {
        List<double[]> rows = points(110, 10);
        Rng rng = new Rng(6);
        GpProbe original = probe(0, rng);
        feed(original, rows, 0, 45);
        original.suggest(List.of());
        JsonValue state = Json.parse(Json.write(original.state()));
        long rngState = rng.state();
        GpProbe restored = probe(0, new Rng(rngState));
        feed(restored, rows, 0, 45);
        restored.restore(state);
        for (int[] step : new int[][] {{45, 47}, {47, 52}, {52, 90}, {90, 110}}) {
            feed(original, rows, step[0], step[1]);
            feed(restored, rows, step[0], step[1]);
            assertArrayEquals(original.suggest(List.of()), restored.suggest(List.of()), 0.0);
        }
        assertEquals(Json.write(original.state()), Json.write(restored.state()));
    }

    @Test
    void negativeIterationsAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> probe(-1, new Rng(1)));
    }

    @Test
    void theFirstFitOnFewerRowsFitsOnlyThoseAndLeavesTheRestOfTheScheduleAlone() {
        List<double[]> rows = points(160, 8);
        GpProbe wide = new GpProbe(SPACE, "ei", 0, 150, true, first(GpProbe.FIRST_FIT, GpProbe.FIRST_ROWS), new Rng(4));
        GpProbe narrow = new GpProbe(SPACE, "ei", 0, 150, true, first(GpProbe.FIRST_FIT, 12), new Rng(4));
        GpProbe all = new GpProbe(SPACE, "ei", 0, 150, true, first(GpProbe.FIRST_FIT, 150), new Rng(4));
        GpProbe asBefore = probe(GpProbe.FIRST_FIT, new Rng(4));
        for (GpProbe gp : List.of(wide, narrow, all, asBefore)) {
            feed(gp, rows, 0, 120);
            gp.suggest(List.of());
            assertEquals(1, gp.fits());
        }
        // the default rows are the session-19 probe's; 12 rows fit other hyper-parameters, and so do all 120
        assertEquals(Json.write(asBefore.state()), Json.write(wide.state()));
        assertNotEquals(Json.write(wide.state()), Json.write(narrow.state()));
        assertNotEquals(Json.write(wide.state()), Json.write(all.state()));
        // the warm refit a tenth later starts from each first fit, on the schedule's own rows
        for (GpProbe gp : List.of(wide, narrow)) {
            feed(gp, rows, 120, 160);
            gp.suggest(List.of());
            assertEquals(2, gp.fits());
        }
        assertNotEquals(Json.write(wide.state()), Json.write(narrow.state()));
        assertThrows(IllegalArgumentException.class,
            () -> new GpProbe(SPACE, "ei", 0, 150, true, first(GpProbe.FIRST_FIT, 1), new Rng(4)));
    }

    @Test
    void theDefaultProbesFirstFitIsOnTwentyFiveRows() {
        ModelProbe d = TpeArgs.PROBE;
        assertEquals(25, d.firstRows());
        assertEquals(GpProbe.FIRST_FIT, d.firstFit());
        List<double[]> rows = points(120, 8);
        GpProbe byDefault = new GpProbe(SPACE, d.utility(), d.kappa(), d.cap(), d.lean(), d.firstProbe(), new Rng(4));
        GpProbe twentyFive = new GpProbe(SPACE, "ei", 0, 150, true, first(GpProbe.FIRST_FIT, 25), new Rng(4));
        GpProbe sessionNineteen = probe(GpProbe.FIRST_FIT, new Rng(4));
        for (GpProbe gp : List.of(byDefault, twentyFive, sessionNineteen)) {
            feed(gp, rows, 0, 120);
            gp.suggest(List.of());
        }
        assertEquals(Json.write(twentyFive.state()), Json.write(byDefault.state()));
        assertNotEquals(Json.write(sessionNineteen.state()), Json.write(byDefault.state()));
    }

    @Test
    void theFirstFitsRowsAreNoMoreThanTheDataHas() {
        // with 30 observations a first fit on 50 rows and one on 40 both take all 30: the same fit
        List<double[]> rows = points(30, 9);
        GpProbe fifty = new GpProbe(SPACE, "ei", 0, 150, true, first(GpProbe.FIRST_FIT, 50), new Rng(5));
        GpProbe forty = new GpProbe(SPACE, "ei", 0, 150, true, first(GpProbe.FIRST_FIT, 40), new Rng(5));
        feed(fifty, rows, 0, 30);
        feed(forty, rows, 0, 30);
        assertArrayEquals(fifty.suggest(List.of()), forty.suggest(List.of()), 0.0);
        assertEquals(Json.write(fifty.state()), Json.write(forty.state()));
    }
}
