package dev.tunerd.simulator.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class AxisTest {

    private static List<String> labels(Axis a) {
        return a.ticks().stream().map(Axis::label).toList();
    }

    @Test
    void logAxisOverFewDecadesTicksOneTwoFive() {
        Axis a = Axis.fit(new double[] {0.8988, 3.779, 15.89}, true);
        assertEquals(new Axis(0.1, 100, true), a);
        assertEquals(List.of("0.1", "0.2", "0.5", "1", "2", "5", "10", "20", "50", "100"), labels(a));
    }

    @Test
    void logAxisOverManyDecadesTicksPowersOfTen() {
        assertEquals(List.of("0.001", "0.01", "0.1", "1", "10", "100", "1000", "10000"),
            labels(Axis.fit(new double[] {2e-3, 3.5, 4000}, true)));
        assertEquals(List.of("1e-6", "1e-4", "0.01", "1", "100", "10000"), labels(Axis.fit(new double[] {2e-7, 3.5,
            4000}, true)), "eleven decades: every second power");
        Axis wide = new Axis(1e-20, 1e5, true);
        assertTrue(wide.ticks().size() <= 9, "at most about eight labels: " + labels(wide));
        assertTrue(labels(wide).contains("1"), labels(wide).toString());
    }

    @Test
    void linearAxisStepsAreOneTwoOrFiveTimesAPowerOfTen() {
        Axis a = Axis.fit(new double[] {0.8988, 3.779, 15.89}, false);
        assertEquals(List.of("0", "5", "10", "15", "20"), labels(a));
        assertEquals(List.of("-0.04", "-0.02", "0", "0.02", "0.04", "0.06"),
            labels(Axis.fit(new double[] {-0.031, 0.052}, false)));
    }

    @Test
    void placesValuesAndRejectsWhatALogAxisCannotShow() {
        Axis a = new Axis(1, 100, true);
        assertEquals(0.5, a.fraction(10), 1e-12);
        assertFalse(a.accepts(0));
        assertFalse(a.accepts(Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> new Axis(0, 1, true));
        assertTrue(Axis.prefersLog(new double[] {0.01, 5}, 1.5));
        assertFalse(Axis.prefersLog(new double[] {-1, 5000}, 1.5));
        assertFalse(Axis.prefersLog(new double[] {1, 20}, 1.5));
    }

    @Test
    void htmlEscapesEverythingThatCouldOpenMarkup() {
        assertEquals("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;", Html.escape(
            "<script>alert('x')</script> & \""));
        assertEquals("\\u003c/script\\u003e\\u003c!-- \\u0026", Html.scriptJson("</script><!-- &"));
        assertEquals(Html.MAX_TEXT, Html.cap("x".repeat(1000), Html.MAX_TEXT).length());
    }
}
