package dev.tunerd.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MainTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "simulate --tuner TPE|true",
        "bench throughput|true",
        "|true",
        "--help|true",
        "--tuner Random -h|true",
        "--tuner Random --assessor Medianstop|false",
        "-m nni --exp_params e30=|false",
        "--version|false",
    })
    void subcommandsAreRegisteredOnlyWhenTheCommandLineMayNameOne(String line, boolean expected) {
        String[] args = line == null ? new String[0] : line.split(" ");
        assertEquals(expected, Main.mayNameSubcommand(args));
    }
}
