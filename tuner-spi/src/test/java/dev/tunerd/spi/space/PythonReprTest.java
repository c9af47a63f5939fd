package dev.tunerd.spi.space;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tunerd.spi.json.JsonString;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PythonReprTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
        0.1      | 0.1
        100      | 100.0
        1e16     | 1e+16
        1e15     | 1000000000000000.0
        0.0001   | 0.0001
        0.00001  | 1e-05
        5e-324   | 5e-324
        -2.5e-7  | -2.5e-07
        1.7976931348623157e308 | 1.7976931348623157e+308
        0.30000000000000004 | 0.30000000000000004
        """)
    void floatsAsPython(double value, String expected) {
        assertEquals(expected, PythonRepr.repr(value));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
        abc      | 'abc'
        it's     | "it's"
        say "hi" | 'say "hi"'
        a'b"c    | 'a\\'b"c'
        tab\there | 'tab\\there'
        é        | 'é'
        """)
    void stringsAsPython(String value, String expected) {
        assertEquals(expected, PythonRepr.repr(JsonString.of(value.replace("\\t", "\t"))));
    }
}
