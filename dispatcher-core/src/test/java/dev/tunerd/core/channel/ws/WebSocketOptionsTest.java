package dev.tunerd.core.channel.ws;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class WebSocketOptionsTest {

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {"0,1,2,3,4; 0 1000 2000 3000 4000", "0, 1, 2, 3, 4; 0 1000 2000 3000 4000", " 0 , 0.25 ; 0 250", "1.5; 1500"})
    void reconnectDelaysAreSecondsSeparatedByCommas(String text, String expectedMillis) {
        List<Duration> expected = java.util.Arrays.stream(expectedMillis.split(" "))
            .map(ms -> Duration.ofMillis(Long.parseLong(ms))).toList();
        assertEquals(expected, WebSocketOptions.parseReconnectDelays(text));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "1,,2", "one", "-1", "61", "NaN", "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0"})
    void badSchedulesAreRejectedNamingTheText(String text) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> WebSocketOptions.parseReconnectDelays(text));
        assertTrue(e.getMessage().startsWith("reconnect delays \"" + text + "\": "), e.getMessage());
    }
}
