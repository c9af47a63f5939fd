package dev.tunerd.tuners.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class InverseErfTest {

    @ParameterizedTest
    @CsvSource({
        // reference values: erfinv to 20+ digits (mpmath), then the double nearest to them
        "-0.5, -0.4769362762044698733814184",
        "0.5, 0.4769362762044698733814184",
        "0.75, 0.8134198475976185416902894",
        "-0.9375, -1.31715033498613074888393",
        "0.99609375, 2.040452014605609193995852",
        "-0.9999999999990905052982270717620849609375, -5.051254085249389967072263263258367051586",
    })
    void correctlyRounded(double y, String exact) {
        assertEquals(new java.math.BigDecimal(exact).doubleValue(), InverseErf.erfinv(y));
    }

    @Test
    void g2QuartileOfTheStandardNormal() {
        assertEquals(-0.6744897501960818, 0.0 + 1.0 * Math.sqrt(2) * InverseErf.erfinv(2 * 0.25 - 1));
    }

    @Test
    void edges() {
        assertEquals(Double.NEGATIVE_INFINITY, InverseErf.erfinv(-1));
        assertEquals(Double.POSITIVE_INFINITY, InverseErf.erfinv(1));
        assertEquals(0.0, InverseErf.erfinv(0));
        assertTrue(Double.isNaN(InverseErf.erfinv(1.5)));
    }
}
