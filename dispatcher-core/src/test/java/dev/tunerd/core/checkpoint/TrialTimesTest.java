package dev.tunerd.core.checkpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonObject;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TrialTimesTest {

    @TempDir
    Path dir;

    /** A clock that moves one second on at every {@code instant()} (the journal's force policy reads millis()). */
    private static final class TickingClock extends Clock {
        private Instant now = Instant.parse("2026-11-24T04:00:00Z");

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            now = now.plusSeconds(1);
            return now;
        }

        @Override
        public long millis() {
            return now.toEpochMilli();
        }
    }

    private CheckpointSettings settings(Clock clock) {
        return new CheckpointSettings(dir, CheckpointMode.REQUIRED, ScriptedExperiment.INFO,
            CheckpointSettings.DEFAULT_ROLLOVER_BYTES, CheckpointSettings.DEFAULT_MAX_UNFORCED_MILLIS,
            ChannelOpener.DEFAULT, clock);
    }

    @Test
    void issueResultAndEndTimesAreJournaledAndSurviveASnapshot() {
        TickingClock clock = new TickingClock();
        try (CheckpointRecorder r = CheckpointRecorder.open(settings(clock), RecoveredState.empty(),
                ExistingFiles.SET_ASIDE)) {
            r.parametersIssued(0, JsonObject.builder().put("x", 1).build());
            Instant issued = clock.now;
            r.finalResultReceived(0, "T0", JsonFloat.of(0.5));
            Instant result = clock.now;
            r.trialEnded("T0", 0L, "SUCCEEDED");
            Instant ended = clock.now;
            TrialTimes expected = new TrialTimes(Map.of(0L, issued), Map.of(0L, result), Map.of("T0", ended));
            assertEquals(expected, r.currentState().trialTimes());
        }
        RecoveredState read = CheckpointReader.read(dir);
        TrialTimes times = read.trialTimes();
        assertTrue(times.issuedAt(0).orElseThrow().isBefore(times.resultAt(0).orElseThrow()));
        assertTrue(times.resultAt(0).orElseThrow().isBefore(times.endedAt("T0").orElseThrow()));
        // a resume folds the state into a new snapshot: the times must be in it
        try (CheckpointRecorder r = CheckpointRecorder.open(settings(clock), read, ExistingFiles.SUPERSEDE)) {
            assertEquals(times, r.currentState().trialTimes());
        }
        assertEquals(times, CheckpointReader.read(dir).trialTimes());
    }

    @Test
    void recordsWithoutATimeAsVersionOneWroteThemAreReadWithoutTimes() {
        StateAccumulator acc = new StateAccumulator(RecoveredState.empty());
        acc.apply(RecordType.PARAMETERS_ISSUED, StateCodec.parametersIssued(0, JsonObject.builder().put("x", 1)
            .build()));
        acc.apply(RecordType.FINAL_RESULT, StateCodec.finalResult(0, Optional.of("T0"), JsonFloat.of(1)));
        acc.apply(RecordType.TRIAL_ENDED, StateCodec.trialEnded("T0", Optional.of(0L), "SUCCEEDED"));
        RecoveredState s = acc.toState(java.util.List.of());
        assertEquals(1, s.results().size());
        assertTrue(s.trialTimes().isEmpty());
    }
}
