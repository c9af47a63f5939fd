package dev.tunerd.simulator.manager;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The manager's count of unanswered and deferred trial requests, which reads no parameter id. */
class RequestLedgerTest {

    @Test
    void answersCloseTheOldestRequestFirst() {
        RequestLedger l = new RequestLedger();
        l.requested(2, 100);
        l.requested(1, 200);
        assertEquals(3, l.outstanding());
        assertEquals(100, l.answered());
        assertEquals(100, l.answered());
        assertEquals(1, l.outstanding());
        assertEquals(200, l.answered());
        assertEquals(0, l.outstanding());
        assertEquals(0, l.deferred());
    }

    @Test
    void aRefusalDefersWhatItsRequestLackedAndALaterTrialPaysIt() {
        RequestLedger l = new RequestLedger();
        l.requested(4, 100); // GE 4 answered with two TRs and a NO, as Hyperband holding two workers
        l.answered();
        l.answered();
        l.refused();
        assertEquals(0, l.outstanding(), "nothing more to wait for now");
        assertEquals(2, l.deferred(), "two trials owed");
        assertEquals(100, l.answered(), "a TR with no request open pays the oldest deferred one");
        assertEquals(1, l.deferred());
    }

    @Test
    void aPaidTrialBeforeTheAnswerToANewRequestKeepsTheCountsRight() {
        RequestLedger l = new RequestLedger();
        l.requested(1, 100);
        l.refused();
        l.requested(1, 200); // a trial end: the result pays the deferred one before the daemon answers this GE
        l.answered();
        l.refused(); // ... and the GE itself is refused
        assertEquals(0, l.outstanding());
        assertEquals(1, l.deferred());
        l.requested(1, 300);
        l.answered();
        l.answered(); // the answer, then the deferred one paid
        assertEquals(0, l.outstanding());
        assertEquals(0, l.deferred());
    }
}
