package dev.tunerd.core.checkpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tunerd.spi.json.JsonFloat;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which observer calls force the journal to disk before they return. */
class ForcePolicyTest {
    @TempDir
    Path dir;
    private final AtomicInteger forces = new AtomicInteger();

    @Test
    void issuedParametersAreForcedResultsRideOnTheNextForce() {
        try (CheckpointRecorder r = open(CheckpointSettings.DEFAULT_MAX_UNFORCED_MILLIS)) {
            int before = forces.get();
            r.parametersIssued(0, ScriptedExperiment.params(0));
            assertEquals(before + 1, forces.get(), "parameters must be on disk before their TR");
            r.finalResultReceived(0, "T0", JsonFloat.of(0.5));
            r.trialEnded("T0", 0L, "SUCCEEDED");
            assertEquals(before + 1, forces.get(), "results and ends wait for the next force (fixed clock)");
            r.parametersIssued(1, ScriptedExperiment.params(1));
            assertEquals(before + 2, forces.get());
        }
    }

    @Test
    void aZeroBoundForcesEveryRecord() {
        try (CheckpointRecorder r = open(0)) {
            int before = forces.get();
            r.finalResultReceived(0, "T0", JsonFloat.of(0.5));
            r.trialEnded("T0", 0L, "SUCCEEDED");
            assertEquals(before + 2, forces.get());
        }
    }

    @Test
    void closeForcesWhatIsPending() {
        CheckpointRecorder r = open(CheckpointSettings.DEFAULT_MAX_UNFORCED_MILLIS);
        r.finalResultReceived(0, "T0", JsonFloat.of(0.5));
        int before = forces.get();
        r.close();
        assertEquals(before + 1, forces.get());
    }

    private CheckpointRecorder open(long maxUnforcedMillis) {
        ChannelOpener counting = (path, options) -> new FailingChannel(FileChannel.open(path, options),
            new java.util.concurrent.atomic.AtomicLong(Long.MAX_VALUE)) {
            @Override
            public void force(boolean metaData) throws java.io.IOException {
                forces.incrementAndGet();
                super.force(metaData);
            }
        };
        return CheckpointRecorder.open(ScriptedExperiment.settings(dir, CheckpointMode.REQUIRED).withOpener(counting)
            .withMaxUnforcedMillis(maxUnforcedMillis), RecoveredState.empty(), ExistingFiles.SET_ASIDE);
    }
}
