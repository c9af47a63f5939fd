package dev.tunerd.simulator.fidelity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.simulator.bench.RegretStats;
import org.junit.jupiter.api.Test;

class PairedBootstrapTest {

    @Test
    void equalDifferencesCollapseTheIntervalToTheirValue() {
        double[] same = {0.0025, 0.0025, 0.0025, 0.0025, 0.0025, 0.0025, 0.0025};
        PairedBootstrap.Interval ci = PairedBootstrap.interval95(same);
        assertEquals(0.0025, RegretStats.mean(same), 1e-15);
        assertEquals(0.0025, ci.low(), 1e-15);
        assertEquals(0.0025, ci.high(), 1e-15);
    }

    @Test
    void aSymmetricTwoPointSampleGivesAnIntervalAroundZeroInsideTheNormalRange() {
        // 20 values, ten -1 and ten +1: the mean is 0 and the mean of a resample has sd 1 / sqrt(20) = 0.224, so a
        // 95 % interval is close to +-1.96 * 0.224 = +-0.44 and certainly within -0.7..+0.7 (3.1 sd) and wider
        // than -0.2..+0.2 (0.9 sd); resample means are multiples of 0.1.
        double[] pm = new double[20];
        for (int i = 0; i < pm.length; i++) {
            pm[i] = i % 2 == 0 ? -1 : 1;
        }
        PairedBootstrap.Interval ci = PairedBootstrap.interval95(pm);
        assertEquals(0, RegretStats.mean(pm), 1e-15);
        assertTrue(ci.low() >= -0.7 && ci.low() <= -0.2, "low " + ci.low());
        assertTrue(ci.high() <= 0.7 && ci.high() >= 0.2, "high " + ci.high());
        assertEquals(0, Math.round(10 * ci.low()) - 10 * ci.low(), 1e-9, "a multiple of 0.1: " + ci.low());
    }

    @Test
    void theSameValuesGiveTheSameIntervalAndADifferentSampleADifferentOne() {
        double[] d = {0.004, -0.001, 0.0, 0.012, -0.003, 0.0005, 0.0, 0.007};
        PairedBootstrap.Interval a = PairedBootstrap.interval95(d);
        PairedBootstrap.Interval b = PairedBootstrap.interval95(d.clone());
        assertEquals(a, b);
        assertTrue(a.low() < RegretStats.mean(d) && RegretStats.mean(d) < a.high(), a.toString());
        double[] e = d.clone();
        e[3] = 0.02;
        assertTrue(PairedBootstrap.interval95(e).high() > a.high());
    }

    @Test
    void noValuesGiveNoInterval() {
        PairedBootstrap.Interval ci = PairedBootstrap.interval95(new double[0]);
        assertTrue(Double.isNaN(ci.low()) && Double.isNaN(ci.high()) && Double.isNaN(RegretStats.mean(new double[0])));
    }
}
