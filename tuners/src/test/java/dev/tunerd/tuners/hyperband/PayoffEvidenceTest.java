package dev.tunerd.tuners.hyperband;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonValue;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The payoff check's evidence: values in at the end (issue 13 session 14). */
class PayoffEvidenceTest {
    private static final BracketPlan PLAN = BracketPlan.hyperband(9, 3); // rungs at 1 and 3 epochs, R = 9

    /**
     * While other trials train, a decision reads every training ended so far; with nothing else in flight (one
     * worker) those ended when the last configuration was issued. The winners alike.
     */
    @Test
    void aDecisionReadsTheLatestTrainingWhileOthersTrainAndTheOnesEndedAtTheLastIssueOtherwise() {
        boolean[] others = {true};
        PayoffEvidence e = new PayoffEvidence(PLAN, 100, () -> others[0]);
        e.ended(List.of(5.0, 4.0, 3.0, 2.0, 1.0, 1.0, 1.0, 1.0, 1.0), 1.0);
        e.issued();
        long version = e.version();
        e.issued();
        assertEquals(version, e.version(), "an issue with nothing ended since changes nothing a decision reads");
        e.ended(List.of(6.0, 5.0, 4.0, 3.0, 2.0, 2.0, 2.0, 2.0, 2.0), 2.0);
        e.winner(0.5);
        assertTrue(e.version() > version);
        assertEquals(2, e.curves().size(), "the training that has just ended is read by the next decision");
        assertArrayEquals(new double[] {6.0, 4.0, 2.0}, e.curves().get(1), "epochs 1 and 3, then the final value");
        assertEquals(List.of(0.5), e.winners());
        assertEquals(1, e.previousCurves().size(), "the decision at the last issue read one training");
        others[0] = false;
        assertEquals(1, e.curves().size(), "one worker: the trainings ended at the last issue");
        assertEquals(List.of(), e.winners());
        version = e.version();
        e.issued();
        assertTrue(e.version() > version, "what one worker's decision reads has changed");
        assertEquals(2, e.curves().size());
        assertEquals(List.of(0.5), e.winners());
        assertEquals(2, e.previousCurves().size());
    }

    @Test
    void aTrainingWithFewerResultsThanTheRungsGoesInWithWhatItHasAndOneWithoutAnyAddsNothing() {
        PayoffEvidence e = new PayoffEvidence(PLAN, 100, () -> true);
        e.ended(List.of(7.0, 6.0), 3.0); // ended after two results: no value at 3 epochs
        e.ended(List.of(), 1.0);
        List<double[]> curves = e.curves();
        assertEquals(1, curves.size());
        assertEquals(7.0, curves.get(0)[0]);
        assertTrue(Double.isNaN(curves.get(0)[1]), "the missing rung");
        assertEquals(3.0, curves.get(0)[2]);
    }

    @Test
    void theSnapshotRestoresExactly() {
        PayoffEvidence e = new PayoffEvidence(PLAN, 100, () -> true);
        e.ended(List.of(5.0, 4.0, 3.0), 1.0);
        e.issued();
        e.ended(List.of(6.0, 5.0, 4.0), 2.0);
        e.winner(0.5);
        JsonValue state = Json.parse(Json.writeAllowingNonFinite(e.snapshot()));
        PayoffEvidence r = new PayoffEvidence(PLAN, 100, () -> true);
        r.restore(state);
        assertEquals(e.snapshot(), r.snapshot());
        assertEquals(1, r.previousCurves().size());
        assertEquals(List.of(0.5), r.winners());
    }

    /**
     * A state written from session 8 to session 13: a training still waiting for its values goes in with those it
     * has (it had ended), the lagging rule's stamps and counters are dropped, and every winner counts.
     */
    @Test
    void aStateOfTheWaitingRuleRestoresWithItsWaitingTrainingsIn() {
        PayoffEvidence r = new PayoffEvidence(PLAN, 100, () -> true);
        r.restore(Json.parse("{\"ended\": 3, \"endedAtLastIssue\": 2, \"endedAtIssueBefore\": 1,"
            + " \"anyIntermediate\": true, \"settled\": [{\"ordinal\": 0, \"values\": [5.0, 3.0, 1.0]}],"
            + " \"waiting\": [{\"ordinal\": 1, \"id\": 4, \"history\": [6.0], \"final\": 2.0},"
            + " {\"ordinal\": 2, \"id\": 5, \"history\": [7.0, 6.0, 5.0], \"final\": 3.0}],"
            + " \"stamps\": {\"6\": 2}, \"winners\": [0.4, 0.3], \"winnersAtLastIssue\": 1}"));
        List<double[]> curves = r.curves();
        assertEquals(3, curves.size());
        assertEquals(6.0, curves.get(1)[0]);
        assertTrue(Double.isNaN(curves.get(1)[1]));
        assertArrayEquals(new double[] {7.0, 5.0, 3.0}, curves.get(2));
        assertEquals(2, r.previousCurves().size());
        assertEquals(List.of(0.4, 0.3), r.winners());
    }

    @Test
    void aStateWithCountersOutOfRangeIsRefusedWithAClearError() {
        PayoffEvidence r = new PayoffEvidence(PLAN, 100, () -> true);
        IllegalArgumentException x = assertThrows(IllegalArgumentException.class, () -> r.restore(Json.parse(
            "{\"ended\": 1, \"endedAtLastIssue\": 2, \"settled\": []}")));
        assertTrue(x.getMessage().contains("out of range"), x.getMessage());
        x = assertThrows(IllegalArgumentException.class, () -> r.restore(Json.parse(
            "{\"ended\": 1, \"endedAtLastIssue\": 1, \"settled\": [{\"ordinal\": 1, \"values\": [1, 2, 3]}]}")));
        assertTrue(x.getMessage().contains("ordinal 1 out of range"), x.getMessage());
    }
}
