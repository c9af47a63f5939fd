package dev.tunerd.simulator.problem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.tunerd.protocol.json.Json;

class ScheduleProblemTest {

    @Test
    void theBestLearningRateFallsDuringTraining() {
        // early on a large rate gains most, late a small one does
        double early = ScheduleProblem.epoch(2.3, 0.1, 64);
        assertTrue(early < ScheduleProblem.epoch(2.3, 0.001, 64));
        double late = 0.05;
        assertTrue(ScheduleProblem.epoch(late, 0.001, 64) < ScheduleProblem.epoch(late, 0.1, 64));
    }

    @Test
    void noConstantSettingReachesTheScheduleOptimum() {
        double schedule = ScheduleProblem.bestScheduleLoss(ScheduleProblem.BUDGET);
        double constant = ScheduleProblem.bestConstantLoss(ScheduleProblem.BUDGET);
        assertEquals(schedule, Problems.create("schedule", 0).optimum(), 0.0);
        assertTrue(schedule < 0.8 * constant, schedule + " vs " + constant);
    }

    @Test
    void aPbtTrialContinuesFromTheLoadedCheckpointAndSavesItsOwn(@TempDir Path tmp) throws Exception {
        Problem p = Problems.create("schedule", 3);
        String a = tmp.resolve("0/0").toString().replace("\\", "/");
        String b = tmp.resolve("0/1").toString().replace("\\", "/");
        Trajectory first = p.evaluate(Json.parse("{\"lr\": 0.05, \"batch_size\": 64, \"load_checkpoint_dir\": \"" + a
            + "\", \"save_checkpoint_dir\": \"" + a + "\"}"));
        assertTrue(Files.isRegularFile(Path.of(a, "state.json")));
        Trajectory second = p.evaluate(Json.parse("{\"lr\": 0.05, \"batch_size\": 64, \"load_checkpoint_dir\": \""
            + a + "\", \"save_checkpoint_dir\": \"" + b + "\"}"));
        Trajectory straight = ScheduleProblem.train(ScheduleProblem.START_LOSS, 0.05, 64, 2 * ScheduleProblem.STEP,
            null);
        assertEquals(straight.trueFinal(), second.trueFinal(), 1e-12);
        assertTrue(second.trueFinal() < first.trueFinal());
        Trajectory scratch = p.evaluate(Json.parse("{\"lr\": 0.05, \"batch_size\": 64}"));
        assertEquals(first.trueFinal(), scratch.trueFinal(), 1e-12);
    }
}
