package dev.tunerd.protocol.json;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PythonFloatsTest {

    /** Expected strings are what CPython 3.11 prints for repr(x). */
    @ParameterizedTest
    @CsvSource({
        "5.0, 5.0", "0.1, 0.1", "1e-05, 1e-05", "0.0001, 0.0001", "1.5e-05, 1.5e-05", "54.375, 54.375",
        "1e16, 1e+16", "1e15, 1000000000000000.0", "1.5e16, 1.5e+16", "123456789012345678, 1.2345678901234568e+17",
        "0.30000000000000004, 0.30000000000000004", "5e-324, 5e-324", "1.7976931348623157e308, 1.7976931348623157e+308",
        "-2.5, -2.5", "100, 100.0", "0.31622776601683805, 0.31622776601683805", "-0.6744897501960818, -0.6744897501960818",
        "2.2250738585072014e-308, 2.2250738585072014e-308", "1e-4, 0.0001", "9999999999999998, 9999999999999998.0",
        "0.001, 0.001", "1e100, 1e+100", "123.0, 123.0", "1e22, 1e+22", "1.0000000000000002, 1.0000000000000002"
    })
    void printsLikePythonRepr(double value, String expected) {
        assertEquals(expected, PythonFloats.repr(value));
    }

    @ParameterizedTest
    @CsvSource({"NaN, NaN", "Infinity, Infinity", "-Infinity, -Infinity", "-0.0, -0.0", "0.0, 0.0"})
    void specialValues(double value, String expected) {
        assertEquals(expected, PythonFloats.repr(value));
    }
}
