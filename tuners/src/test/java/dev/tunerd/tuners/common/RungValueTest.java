package dev.tunerd.tuners.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RungValueTest {

    @Test
    void aWindowOfOneIsTheLastValueAsNnisAdvisorsReadIt() {
        assertEquals(0.7, RungValue.LAST.of(List.of(0.1, 0.2, 0.7)));
        assertEquals(0.9, RungValue.LAST.withFinal(List.of(0.1, 0.2, 0.7), 0.9));
        assertEquals(0.7, new RungValue(0.2, true).of(List.of(0.1, 0.2, 0.7)));
    }

    @Test
    void theWindowIsTheShareOfTheReportsAtLeastOne() {
        RungValue third = new RungValue(1.0 / 3, false);
        assertEquals(13, third.window(40));
        assertEquals(4, third.window(13));
        assertEquals(1, third.window(4));
        assertEquals(1, third.window(1));
        assertEquals(1, RungValue.LAST.window(40));
    }

    @Test
    void theMeanReadsOnlyTheLastWindowOfReports() {
        RungValue mean = new RungValue(0.75, false);
        assertEquals(3.0, mean.of(List.of(100.0, 2.0, 3.0, 4.0)), 1e-12, "the first report is outside the window");
        assertEquals(1.5, mean.of(List.of(1.0, 2.0)), 1e-12, "round(1.5) = 2 of 2");
        assertEquals(5.0, mean.of(List.of(5.0)), 1e-12);
    }

    @Test
    void theTrendReadsAFallingLineAtItsLastReportWhereTheMeanLagsBehind() {
        List<Double> line = List.of(9.0, 5.0, 4.0, 3.0, 2.0);
        assertEquals(2.0, new RungValue(0.8, true).of(line), 1e-12);
        assertEquals(3.5, new RungValue(0.8, false).of(line), 1e-12);
        assertEquals(2.0, new RungValue(0.4, true).of(line), 1e-12, "a line through two reports ends at the last");
        // y = 1 + 0.5 x + (+1, -1, -1, +1): the symmetric wobble cancels in the fit, the line at x = 3 is 2.5
        assertEquals(2.5, new RungValue(1, true).of(List.of(2.0, 0.5, 1.0, 3.5)), 1e-12);
    }

    @Test
    void theFinalResultTakesTheLastIntermediateResultsPlace() {
        RungValue mean = new RungValue(0.75, false);
        assertEquals((2.0 + 3.0 + 10.0) / 3, mean.withFinal(List.of(1.0, 2.0, 3.0, 4.0), 10.0), 1e-12);
        assertEquals(10.0, mean.withFinal(List.of(), 10.0), "no intermediate results: the final alone");
        List<Double> reports = new ArrayList<>(List.of(1.0, 2.0));
        mean.withFinal(reports, 7.0);
        assertEquals(List.of(1.0, 2.0), reports, "the reports are not changed");
    }

    @Test
    void theSeriesIsTheValueAfterEachReport() {
        // windows of round(0.5 i) reports, at least 1: 1, 1, 2, 2
        assertEquals(List.of(4.0, 2.0, 2.0, 1.0), new RungValue(0.5, false).series(List.of(4.0, 2.0, 2.0, 0.0)));
        List<Double> raw = List.of(4.0, 2.0);
        assertSame(raw, RungValue.LAST.series(raw), "a window of one reads the reports as they are");
    }

    @Test
    void theShareIsCheckedNamingTheKeyAndItsRange() {
        for (double bad : new double[] {-0.1, 1.5, Double.NaN}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new RungValue(bad, false));
            assertEquals("rung_share must be between 0 and 1, got " + bad, e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> RungValue.LAST.of(List.of()));
    }

    /**
     * What the window is for: two power-law curves 2 % apart at epoch 13 under 7 % relative noise (noisycurves'), told
     * apart by each reading; the mean of the last 5 reports and the trend of the last 9 pick the better curve more often than the
     * last report alone does.
     */
    @Test
    void underNoiseAWindowRanksTwoCurvesRightMoreOftenThanTheLastValue() {
        SplittableRandom random = new SplittableRandom(26);
        RungValue[] readings = {RungValue.LAST, new RungValue(5 / 13.0, false), new RungValue(9 / 13.0, true)};
        int[] right = new int[readings.length];
        int pairs = 4000;
        for (int i = 0; i < pairs; i++) {
            List<Double> better = curve(0.200, 0.8, random);
            List<Double> worse = curve(0.206, 0.8, random);
            for (int r = 0; r < readings.length; r++) {
                right[r] += readings[r].of(better) < readings[r].of(worse) ? 1 : 0;
            }
        }
        assertTrue(right[1] > right[0] + pairs / 20, "mean " + right[1] + " against last " + right[0]);
        assertTrue(right[2] > right[0] + pairs / 40, "trend " + right[2] + " against last " + right[0]);
    }

    private static List<Double> curve(double asymptote, double exponent, SplittableRandom random) {
        List<Double> out = new ArrayList<>();
        for (int t = 1; t <= 13; t++) {
            out.add((asymptote + Math.pow(t, -exponent)) * (1 + 0.07 * random.nextGaussian()));
        }
        return out;
    }
}
