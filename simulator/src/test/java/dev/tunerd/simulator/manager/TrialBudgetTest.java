package dev.tunerd.simulator.manager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import org.junit.jupiter.api.Test;

class TrialBudgetTest {

    private static TrialBudget of(String params, int horizon) {
        return TrialBudget.of(Json.parseObject(params, "parameters"), horizon);
    }

    @Test
    void aBudgetTrainsThatManyEpochsWithinTheHorizonAndLeavesTheProblemItsParameters() {
        TrialBudget b = of("{\"lr\": 0.1, \"TRIAL_BUDGET\": 6.6}", 20);
        assertEquals(7, b.epochs());
        assertTrue(b.budgeted());
        assertEquals(Json.parseObject("{\"lr\": 0.1}", "p"), b.plain());
        assertEquals(20, of("{\"TRIAL_BUDGET\": 81}", 20).epochs());
        assertEquals(1, of("{\"TRIAL_BUDGET\": 0}", 20).epochs());
    }

    @Test
    void withoutABudgetATrialTrainsTheHorizon() {
        TrialBudget b = of("{\"lr\": 0.1}", 20);
        assertEquals(20, b.epochs());
        assertFalse(b.budgeted());
    }

    @Test
    void pbtsCheckpointPathsAreNoParametersOfTheProblem() {
        TrialBudget b = of("{\"lr\": 0.1, \"load_checkpoint_dir\": \"/tmp/a/0/0\", \"save_checkpoint_dir\": \"/tmp/a/0/1\"}",
            20);
        assertEquals(Json.parseObject("{\"lr\": 0.1}", "p"), b.plain());
        assertFalse(b.budgeted());
    }

    @Test
    void aBudgetThatIsNoNumberIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> of("{\"TRIAL_BUDGET\": \"x\"}", 20));
    }
}
