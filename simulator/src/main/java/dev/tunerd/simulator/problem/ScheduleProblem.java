package dev.tunerd.simulator.problem;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;

/**
 * {@code schedule}: training whose best learning rate and batch size change as it goes, for PBT. A model's state is
 * its loss L (2.3 at the start); one epoch at learning rate {@code lr} and batch size {@code b} moves L towards a
 * noise floor: {@code L <- f + (L - f)(1 - r)} with speed {@code r = min(0.5, 1.5 sqrt(lr)) (64/b)^0.3} and floor
 * {@code f = 0.02 + 2 lr sqrt(64/b)}. A large rate learns fast but stalls on a high floor; a small one gets lower but
 * slowly, so the best setting moves from large to small during training (a decay schedule), and no constant setting
 * reaches what a schedule reaches.
 *
 * <p>A trial trains {@link #STEP} epochs. With PBT's {@code load_checkpoint_dir} and {@code save_checkpoint_dir} it
 * continues from the state in {@code <load>/state.json} (from scratch when there is none) and writes its state to
 * {@code <save>/state.json}, as a real PBT trial would; without them it starts from scratch. Reported values carry 1%
 * Gaussian noise drawn from the seed, the parameters and the epoch. f* is the loss after {@link #BUDGET} epochs of
 * the best schedule on a fine grid (greedy per epoch, which is optimal here: the next loss rises with the current one
 * for every setting). Thread-safe; the state lives in the trial's files, not in the instance.
 */
public final class ScheduleProblem extends FixedProblem {
    /** Epochs per trial (one PBT step). */
    public static final int STEP = 4;
    /** The training budget f* is computed for: 10 PBT generations. */
    public static final int BUDGET = 40;
    static final double START_LOSS = 2.3;
    private static final double NOISE = 0.01;
    private static final int[] BATCH_SIZES = {16, 32, 64, 128, 256};
    private static final JsonObject SPACE = Json.parseObject("""
        {"lr": {"_type": "loguniform", "_value": [0.0001, 0.3]},
         "batch_size": {"_type": "choice", "_value": [16, 32, 64, 128, 256]}}
        """, "schedule search space");
    private static final double OPTIMUM = bestScheduleLoss(BUDGET);

    public ScheduleProblem(long seed) {
        super("schedule", "training whose best learning rate falls as it goes (" + STEP
            + " epochs a trial, state in PBT's checkpoint directories); for PBT", SPACE, OPTIMUM, STEP, seed);
    }

    @Override
    public Trajectory evaluate(JsonValue parameters) {
        JsonObject p = Params.object(parameters, "schedule parameters");
        double lr = Params.number(p, "lr");
        double batch = Params.number(p, "batch_size");
        boolean pbt = p.has("load_checkpoint_dir") && p.has("save_checkpoint_dir");
        double loss = pbt ? loadLoss(Path.of(Params.string(p, "load_checkpoint_dir"))) : START_LOSS;
        Trajectory t = train(loss, lr, batch, STEP, noise(parameters));
        if (pbt) {
            saveLoss(Path.of(Params.string(p, "save_checkpoint_dir")), t.trueFinal());
        }
        return t;
    }

    /**
     * {@code epochs} epochs from {@code loss} at a constant setting; per-epoch values with noise from {@code random}
     * (none when it is null), true final = the noise-free loss.
     */
    public static Trajectory train(double loss, double lr, double batch, int epochs, SplittableRandom random) {
        if (!(lr > 0) || !(batch > 0)) {
            throw new IllegalArgumentException("parameters \"lr\" and \"batch_size\" must be positive, got " + lr
                + " and " + batch);
        }
        double[] reported = new double[epochs];
        for (int e = 0; e < epochs; e++) {
            loss = epoch(loss, lr, batch);
            reported[e] = random == null ? loss : loss * (1 + NOISE * random.nextGaussian());
        }
        return new Trajectory(reported, loss);
    }

    /** One epoch of the dynamics. */
    static double epoch(double loss, double lr, double batch) {
        double scale = 64 / batch;
        double rate = Math.min(0.5, 1.5 * Math.sqrt(lr)) * Math.pow(scale, 0.3);
        double floor = 0.02 + 2 * lr * Math.sqrt(scale);
        return floor + (loss - floor) * (1 - Math.min(rate, 0.95));
    }

    private SplittableRandom noise(JsonValue parameters) {
        return Curves.noise(seed, parameters);
    }

    private static double loadLoss(Path dir) {
        Path file = dir.resolve("state.json");
        if (!Files.isRegularFile(file)) {
            return START_LOSS;
        }
        try {
            JsonObject state = Params.object(Json.parse(Files.readString(file, StandardCharsets.UTF_8)), "state");
            return Params.number(state, "loss");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read checkpoint " + file, e);
        }
    }

    private static void saveLoss(Path dir, double loss) {
        try {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve("state.json"), "{\"loss\": " + loss + "}", StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write checkpoint in " + dir, e);
        }
    }

    /** The loss after {@code epochs} epochs of the best per-epoch setting on a fine grid. */
    public static double bestScheduleLoss(int epochs) {
        double loss = START_LOSS;
        for (int e = 0; e < epochs; e++) {
            double best = Double.POSITIVE_INFINITY;
            for (int batch : BATCH_SIZES) {
                for (double u = -4; u <= Math.log10(0.3) + 1e-12; u += 0.001) {
                    best = Math.min(best, epoch(loss, Math.pow(10, u), batch));
                }
            }
            loss = best;
        }
        return loss;
    }

    /** The loss after {@code epochs} epochs of the best constant setting on the same grid (for the docs). */
    public static double bestConstantLoss(int epochs) {
        double best = Double.POSITIVE_INFINITY;
        for (int batch : BATCH_SIZES) {
            for (double u = -4; u <= Math.log10(0.3) + 1e-12; u += 0.001) {
                best = Math.min(best, train(START_LOSS, Math.pow(10, u), batch, epochs, null).trueFinal());
            }
        }
        return best;
    }
}
