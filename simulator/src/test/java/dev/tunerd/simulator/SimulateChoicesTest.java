package dev.tunerd.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.simulator.problem.Problem;
import dev.tunerd.simulator.problem.Problems;
import dev.tunerd.spi.json.JsonObject;
import org.junit.jupiter.api.Test;

class SimulateChoicesTest {

    private static JsonObject args(String tuner, Problem p) {
        return Json.parseObject(SimulateChoices.tuner(tuner, null, p, 33020).argsJson(), "args");
    }

    @Test
    void advisorsGetTheBudgetsOfTheProblemsHorizonAndTheSeed() {
        Problem crossing = Problems.create("crossing", 0); // 27 epochs
        JsonObject hb = args("Hyperband", crossing);
        assertEquals(27, hb.get("R").asDouble());
        assertEquals("minimize", Json.write(hb.get("optimize_mode")).replace("\"", ""));
        assertEquals(33020, hb.get("seed").asDouble());
        assertEquals(27, args("bohb", crossing).get("max_budget").asDouble());
        assertEquals(1, args("BOHB", crossing).get("min_budget").asDouble());
        assertEquals(3, args("ASHA", crossing).get("min_budget").asDouble());
        assertEquals(27, args("ASHA", crossing).get("max_budget").asDouble());
    }

    @Test
    void givenArgumentsAreKeptAndOtherTunersGetNoBudgets() {
        Problem curves = Problems.create("curves", 0);
        assertEquals("{\"R\": 9}", SimulateChoices.tuner("Hyperband", "{\"R\": 9}", curves, 1).argsJson());
        assertTrue(!args("TPE", curves).has("R"));
        assertEquals(20, Json.parseObject(SimulateChoices.assessor("Curvefitting", null, curves, 1).orElseThrow()
            .argsJson(), "args").get("epoch_num").asDouble());
        assertTrue(SimulateChoices.assessor(null, null, curves, 1).isEmpty());
    }

    @Test
    void anAdvisorOnASingleEpochProblemIsAUsageErrorNamingWhy() {
        var e = assertThrows(IllegalArgumentException.class,
            () -> SimulateChoices.tuner("ASHA", "{\"max_budget\": 9}", Problems.create("hartmann6", 0), 1));
        assertTrue(e.getMessage().contains("ASHA is a multi-fidelity advisor") && e.getMessage().contains("single epoch")
            && e.getMessage().contains("curves"), e.getMessage());
    }
}
