package dev.tunerd.simulator.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.tunerd.protocol.Command;
import dev.tunerd.protocol.CommandType;
import dev.tunerd.protocol.FrameDecoder;
import dev.tunerd.protocol.FrameFormat;
import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ThroughputStreamTest {

    private static List<Command> decode(byte[] frames) {
        FrameDecoder decoder = new FrameDecoder(FrameFormat.DEFAULT);
        ByteBuffer in = ByteBuffer.wrap(frames);
        List<Command> out = new ArrayList<>();
        Command c;
        while ((c = decoder.decode(in)) != null) {
            out.add(c);
        }
        return out;
    }

    @Test
    void oneTrialIsItsIntermediatesTheFinalAndTheEnd() {
        ThroughputStream stream = new ThroughputStream(50, 0);
        String tr = "{\"parameter_id\": 7, \"parameter_source\": \"algorithm\", \"parameters\": {\"x\": 0.5}, "
            + "\"parameter_index\": 0}";
        List<Command> metrics = decode(stream.metricFrames(3, 7));
        List<Command> end = decode(stream.endFrame(3, tr));
        assertEquals(50 + 1, metrics.size());
        assertEquals(52, stream.commandsPerTrial());
        JsonObject last = Json.parseObject(metrics.get(49).content(), "ME");
        assertEquals(JsonString.of("PERIODICAL"), last.get("type"));
        assertEquals("49", Json.write(last.get("sequence")));
        JsonObject fin = Json.parseObject(metrics.get(50).content(), "ME");
        assertEquals(JsonString.of("FINAL"), fin.get("type"));
        assertEquals(last.get("value"), fin.get("value"), "the final value is the last intermediate");
        assertEquals("7", Json.write(fin.get("parameter_id")));
        assertEquals(CommandType.TRIAL_END, end.get(0).type());
        assertEquals(JsonString.of(tr), Json.parseObject(end.get(0).content(), "EN").get("hyper_params"));
        assertEquals(JsonString.of("job3"), Json.parseObject(end.get(0).content(), "EN").get("trial_job_id"));
        assertNull(Json.parseObject(end.get(0).content(), "EN").get("value"));
    }

    /**
     * All the stream's trials come from one GE: above the daemon's 1,000,000 it answered ER (its stack trace, exit 1)
     * after 27 s of building the stream (issue 13, session 33). Now the plan is refused first, naming the range.
     */
    @Test
    void moreTrialsThanOneGeMayAskForAreRefusedBeforeAnythingRuns() {
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
            () -> new ThroughputBench.Plan(1_000_001, 50, null, "{}"));
        assertEquals("--trials must be between 1 and 1000000 and --metrics at least 6, got 1000001 and 50",
            e.getMessage());
        assertEquals(1_000_000, new ThroughputBench.Plan(1_000_000, 50, null, "{}").trials());
    }
}
