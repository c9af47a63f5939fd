package dev.tunerd.tuners.gp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.tuners.common.Rng;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The lean probe's first suggestion modelled on fewer rows and searched with fewer candidates and no local search
 * (issue 16, session 20): only the suggestion that fits first is cut, the later ones model and search as before, a
 * restored probe (whose fit is restored) is not cut again, and {@link FirstSearch#USUAL} draws as the probe did.
 */
class FirstSearchTest {
    private static final FirstSearch CUT = new FirstSearch(25, 32, false);

    private static GpProbe probe(FirstSearch first, Rng rng) {
        return new GpProbe(FirstFitTest.SPACE, "ei", 0, 150, true, new FirstProbe(GpProbe.FIRST_FIT, 25, first), rng);
    }

    private static void feed(GpProbe gp, List<double[]> rows, int from, int to) {
        for (int i = from; i < to; i++) {
            gp.observe(rows.get(i), FirstFitTest.loss(rows.get(i)));
        }
    }

    @Test
    void onlyTheFirstProbeModelsFewerRowsAndSearchesLess() {
        List<double[]> rows = FirstFitTest.points(140, 8);
        GpProbe usual = probe(FirstSearch.USUAL, new Rng(4));
        GpProbe cut = probe(CUT, new Rng(4));
        feed(usual, rows, 0, 120);
        feed(cut, rows, 0, 120);
        double[] a = usual.suggest(List.of());
        double[] b = cut.suggest(List.of());
        int[] usualFirst = usual.lastSearch();
        assertEquals(120, usualFirst[0]);
        assertTrue(usualFirst[1] > 32, "candidates: " + usualFirst[1]);
        assertEquals(1, usualFirst[2]);
        assertArrayEquals(new int[] {25, 32, 0}, cut.lastSearch());
        assertFalse(Arrays.equals(a, b), "the cut first probe suggests elsewhere");
        // the later probes as before: the probe's cap and the lean budget, whatever the first one did
        feed(usual, rows, 120, 140);
        feed(cut, rows, 120, 140);
        usual.suggest(List.of());
        cut.suggest(List.of());
        assertEquals(140, cut.lastSearch()[0]);
        assertArrayEquals(usual.lastSearch(), cut.lastSearch());
    }

    @Test
    void aBudgetAboveTheLeanOneOrAboveTheDataChangesNothing() {
        List<double[]> rows = FirstFitTest.points(60, 3);
        GpProbe usual = probe(FirstSearch.USUAL, new Rng(9));
        GpProbe wide = probe(new FirstSearch(500, 100_000, true), new Rng(9));
        feed(usual, rows, 0, 60);
        feed(wide, rows, 0, 60);
        assertArrayEquals(usual.suggest(List.of()), wide.suggest(List.of()));
        assertArrayEquals(usual.lastSearch(), wide.lastSearch());
        assertEquals(60, wide.lastSearch()[0]);
    }

    @Test
    void aRestoredProbeIsNotCutAgain() {
        List<double[]> rows = FirstFitTest.points(130, 5);
        GpProbe first = probe(CUT, new Rng(2));
        feed(first, rows, 0, 110);
        first.suggest(List.of());
        GpProbe restored = probe(CUT, new Rng(2));
        feed(restored, rows, 0, 130);
        restored.restore(first.state());
        restored.suggest(List.of());
        assertEquals(130, restored.lastSearch()[0]);
        assertEquals(1, restored.lastSearch()[2]);
    }

    @Test
    void invalidBudgetsAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> new FirstSearch(1, 0, true));
        assertThrows(IllegalArgumentException.class, () -> new FirstSearch(-5, 0, true));
        assertThrows(IllegalArgumentException.class, () -> new FirstSearch(0, -1, true));
        assertThrows(IllegalArgumentException.class, () -> new FirstSearch(0, 100_001, true));
        assertEquals(150, FirstSearch.USUAL.cap(150));
        assertEquals(25, CUT.cap(150));
        assertEquals(20, CUT.cap(20));
        assertEquals(133, FirstSearch.USUAL.warmUp(133));
        assertEquals(32, CUT.warmUp(133));
    }
}
