package dev.tunerd.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.Command;
import dev.tunerd.protocol.CommandType;
import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Replays the manager-to-dispatcher commands of a recorded NNI v3.0 session (WebSocket JSON messages, re-framed for
 * the pipe) in lockstep, as the manager would: after each GE it waits for the TR. The recording used the builtin TPE
 * and Medianstop, which are not in this branch; a test tuner and an always-Good assessor stand in, so the check is
 * on the shape of the reply stream (ID, then one TR per GE 1 with consecutive ids), not on the values or the two KIs
 * Medianstop sent.
 */
@Timeout(60)
class TranscriptReplayIT {

    @Test
    void recordedSessionGetsAReplyStreamOfTheSameShape() throws Exception {
        // a copy of /work/shared/transcripts/nni-v3.0-websocket-tpe-medianstop.jsonl, so the build is self-contained
        Path transcript = Path.of(TranscriptReplayIT.class.getResource("/transcripts/nni-v3.0-websocket-tpe-medianstop.jsonl")
            .toURI());
        List<Command> commands = new ArrayList<>();
        int recordedTrs = 0;
        for (String line : Files.readAllLines(transcript, StandardCharsets.UTF_8)) {
            JsonObject entry = (JsonObject) Json.parse(line);
            JsonObject message = (JsonObject) Json.parse(((JsonString) entry.get("raw")).value());
            String type = ((JsonString) message.get("type")).value();
            boolean toDispatcher = ((JsonString) entry.get("dir")).value().equals("mgr->disp");
            if (!toDispatcher) {
                recordedTrs += type.equals("TR") ? 1 : 0;
            } else if (!type.startsWith("_")) {
                String content = message.get("content") instanceof JsonString s ? s.value() : "";
                commands.add(new Command(CommandType.fromCode(type), content));
            }
        }
        try (TunerdProcess p = TunerdProcess.start(TunerdProcess.customConfig("SequenceTuner", "{}", "VerdictAssessor",
            "{}"), Map.of())) {
            List<Command> replies = new ArrayList<>();
            for (Command c : commands) {
                p.send(c.type(), c.content());
                if (c.type() == CommandType.INITIALIZE || c.type() == CommandType.REQUEST_TRIAL_JOBS) {
                    replies.add(p.reply());
                }
            }
            assertEquals(0, p.exitCode(Duration.ofSeconds(5)), p.stderr());
            assertEquals(CommandType.INITIALIZED, replies.get(0).type());
            assertEquals(recordedTrs, replies.size() - 1);
            for (int i = 1; i < replies.size(); i++) {
                assertEquals(CommandType.NEW_TRIAL_JOB, replies.get(i).type());
                assertTrue(replies.get(i).content().startsWith("{\"parameter_id\": " + (i - 1) + ", "));
            }
        }
    }
}
