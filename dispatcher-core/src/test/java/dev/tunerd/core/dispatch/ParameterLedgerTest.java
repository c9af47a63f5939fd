package dev.tunerd.core.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.command.ResumedTrial;
import dev.tunerd.spi.json.JsonInt;
import java.util.List;
import org.junit.jupiter.api.Test;

class ParameterLedgerTest {

    @Test
    void idsAreReservedInBlocksAndNeverReused() {
        ParameterLedger ledger = new ParameterLedger();
        assertEquals(0, ledger.reserve(3));
        assertEquals(3, ledger.reserve(1));
        ledger.issue(1, JsonInt.of(1));
        assertThrows(IllegalArgumentException.class, () -> ledger.issue(1, JsonInt.of(2)));
        assertThrows(IllegalArgumentException.class, () -> ledger.issue(4, JsonInt.of(2)));
        ledger.resume(List.of(new ResumedTrial(2, JsonInt.of(9))));
        assertEquals(4, ledger.nextId(), "a resume list below the counter does not move it back (NNI would)");
        assertTrue(ledger.isRecovered(2));
        assertFalse(ledger.isRecovered(3));
    }

    @Test
    void wireIdsMapBothWaysAndAreNeverIssuedTwice() {
        ParameterLedger ledger = new ParameterLedger();
        ledger.reserve(3);
        ledger.issue(0, JsonInt.of(1), "0-1_0_0");
        assertEquals(0L, ledger.idOfWire("0-1_0_0"));
        assertEquals("0-1_0_0", ledger.wireId(0));
        assertThrows(IllegalArgumentException.class, () -> ledger.issue(1, JsonInt.of(1), "0-1_0_0"));
        assertEquals(null, ledger.parameters(1), "a refused name records nothing");
        assertEquals(List.of("0-1_0_7"), ledger.resume(List.of(ResumedTrial.named("0-1_0_0", JsonInt.of(1)),
            ResumedTrial.named("0-1_0_7", JsonInt.of(7)))), "only names it did not know get an id");
        long recovered = ledger.idOfWire("0-1_0_7");
        assertTrue(recovered >= 3, "a fresh internal id, past every reserved one");
        assertTrue(ledger.isRecovered(recovered));
        assertEquals(JsonInt.of(7), ledger.parameters(recovered));
        assertEquals(recovered + 1, ledger.reserve(1));
        ParameterLedger restored = new ParameterLedger();
        restored.restore(ledger.snapshot());
        assertEquals(recovered, restored.idOfWire("0-1_0_7"));
    }

    @Test
    void snapshotRestoresEverything() {
        ParameterLedger ledger = new ParameterLedger();
        ledger.reserve(2);
        ledger.issue(0, JsonInt.of(10));
        ledger.markFinalReceived(0);
        ledger.markEnded(0);
        ParameterLedger restored = new ParameterLedger();
        restored.restore(ledger.snapshot());
        assertEquals(ledger.snapshot(), restored.snapshot());
        assertEquals(2, restored.reserve(1));
        assertFalse(restored.markFinalReceived(0));
        assertTrue(restored.isKnown(0));
        assertNull(restored.parameters(0), "an id with its result and its end keeps no parameters");
    }

    @Test
    void parametersAreKeptUntilTheTrialHasItsResultAndItsEnd() {
        ParameterLedger ledger = new ParameterLedger();
        ledger.reserve(3);
        ledger.issue(0, JsonInt.of(10));
        ledger.issue(1, JsonInt.of(11));
        ledger.markEnded(0);
        assertEquals(JsonInt.of(10), ledger.parameters(0), "a FINAL after the end still needs them");
        ledger.markFinalReceived(1);
        assertEquals(JsonInt.of(11), ledger.parameters(1));
        ledger.markFinalReceived(0);
        assertNull(ledger.parameters(0));
        assertTrue(ledger.isKnown(0));
        assertFalse(ledger.isKnown(2));
        assertFalse(ledger.markFinalReceived(0), "a second result is still a duplicate");
        assertThrows(IllegalArgumentException.class, () -> ledger.issue(0, JsonInt.of(1)), "and the id stays used");
    }
}
