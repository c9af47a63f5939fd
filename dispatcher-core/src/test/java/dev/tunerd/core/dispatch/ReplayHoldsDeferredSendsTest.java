package dev.tunerd.core.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.spi.json.JsonInt;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A restored tuner repeating the journal (resume) may pay owed ids through its sender (Evolution does, from
 * {@code receiveTrialResult}): an id issued before the restart must not be issued again, and nothing may go out
 * before {@code ID}; the other sets wait until the replay is over.
 */
class ReplayHoldsDeferredSendsTest {

    @Test
    void sendsDuringAReplayAreDroppedWhenIssuedBeforeAndHeldOtherwise() {
        ParameterLedger ledger = new ParameterLedger();
        ledger.reserve(3);
        ledger.issue(0, JsonInt.of(10)); // issued before the restart
        RecordingSink sink = new RecordingSink();
        ParameterIssuer issuer = new ParameterIssuer(ledger, DispatchObserver.NONE, sink);

        List<ResumePlan.Unreceived> held = issuer.replaying(() -> {
            issuer.send(0, JsonInt.of(10));
            issuer.send(2, JsonInt.of(12));
        });

        assertEquals(List.of(new ResumePlan.Unreceived(2, JsonInt.of(12))), held);
        assertTrue(sink.sent().isEmpty(), "nothing is sent while the tuner is replayed");
        assertFalse(ledger.isKnown(2), "a held set is not issued yet");
        issuer.send(2, JsonInt.of(12)); // after the replay, as the dispatcher does after ID
        assertEquals(1, sink.sent().size());
        assertTrue(ledger.isKnown(2));
    }
}
