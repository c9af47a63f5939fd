package dev.tunerd.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.protocol.json.JsonException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A command that keeps its ASCII payload bytes is the same command as one made from the string. */
class CommandTest {

    private static final String METRIC = "{\"parameter_id\": 3, \"trial_job_id\": \"Ab1\", \"type\": \"FINAL\","
        + " \"sequence\": 0, \"value\": \"0.25\"}";

    private static Command fromBytes(CommandType type, String ascii) {
        return Command.ofAscii(type, ascii.getBytes(StandardCharsets.US_ASCII));
    }

    @Test
    void payloadBytesAndStringGiveEqualCommands() {
        Command bytes = fromBytes(CommandType.REPORT_METRIC_DATA, METRIC);
        Command text = new Command(CommandType.REPORT_METRIC_DATA, METRIC);
        assertEquals(text, bytes);
        assertEquals(bytes, text);
        assertEquals(text.hashCode(), bytes.hashCode());
        assertEquals(METRIC, bytes.content());
        assertEquals(text.toString(), bytes.toString());
        assertEquals(Json.parse(METRIC), bytes.parseContent());
        assertEquals(bytes.parseContent(), text.parseContent());
        assertNotEquals(new Command(CommandType.TRIAL_END, METRIC), bytes);
        assertNotEquals(fromBytes(CommandType.REPORT_METRIC_DATA, METRIC + " "), bytes);
    }

    @Test
    void badJsonFailsTheSameWayFromBytesAsFromText() {
        String bad = "{\"a\": 1,}";
        String fromText = assertThrows(JsonException.class,
            () -> new Command(CommandType.TRIAL_END, bad).parseContent()).getMessage();
        assertEquals(fromText, assertThrows(JsonException.class,
            () -> fromBytes(CommandType.TRIAL_END, bad).parseContent()).getMessage());
    }
}
