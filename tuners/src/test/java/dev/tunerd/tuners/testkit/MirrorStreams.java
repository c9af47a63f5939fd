package dev.tunerd.tuners.testkit;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.AssessResult;
import dev.tunerd.spi.Assessor;
import dev.tunerd.spi.IntermediateResult;
import dev.tunerd.spi.NamesParameterIds;
import dev.tunerd.spi.ReceivesIntermediateResults;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import dev.tunerd.spi.json.JsonValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import java.util.function.DoubleUnaryOperator;

/**
 * Seeded streams of learning curves for the mirror check of the multi-fidelity algorithms (issue 13 session 25): the
 * same stream is played twice, once reporting losses to an algorithm told {@code minimize} and once reporting their
 * mirror to one told {@code maximize}, and the two decision logs must be equal. Curves cross (a configuration that
 * starts slowly may end best), so a rung ranked the wrong way round changes what follows.
 */
public final class MirrorStreams {
    /** The search space: two continuous keys and a categorical one (each model's categorical path runs). */
    public static final JsonObject SPACE = Json.parseObject("""
        {"x": {"_type": "uniform", "_value": [0, 1]}, "y": {"_type": "uniform", "_value": [0, 1]},
         "c": {"_type": "choice", "_value": ["a", "b", "c"]}}""", "space");

    /** The exact mirror of a loss: its negation, which {@code optimize_mode: maximize} turns back bit for bit. */
    public static final DoubleUnaryOperator NEGATED = v -> -v;

    private MirrorStreams() {
    }

    /**
     * The loss of configuration {@code p} after {@code epoch} (0-based) of {@code epochs}: a final level set by the
     * keys, an excess that decays at a rate set by {@code y} (slow starters exist), and a little noise drawn from the
     * configuration and the epoch.
     */
    public static double loss(JsonObject p, int epoch, int epochs) {
        double x = p.get("x").asDouble();
        double y = p.get("y").asDouble();
        int c = switch (((JsonString) p.get("c")).value()) {
            case "a" -> 0;
            case "b" -> 1;
            default -> 2;
        };
        double level = (x - 0.3) * (x - 0.3) + 0.5 * (y - 0.7) * (y - 0.7) + 0.05 * c;
        double excess = 0.5 * (0.2 + x) * Math.exp(-6.0 * (0.1 + y) * (epoch + 1) / epochs);
        long key = Double.doubleToLongBits(x) * 31 + Double.doubleToLongBits(y) * 17 + c * 7L + epoch;
        return level + excess + 0.01 * new SplittableRandom(key).nextGaussian();
    }

    /** The FINAL of a trial trained {@code trained} epochs: its last epoch's loss with a held-out set's error. */
    public static double finalLoss(JsonObject p, int trained, int epochs) {
        long key = Double.doubleToLongBits(p.get("x").asDouble()) ^ Double.doubleToLongBits(p.get("y").asDouble());
        return loss(p, trained - 1, epochs) + 0.02 * new SplittableRandom(key + trained).nextGaussian();
    }

    private static final class Run {
        long id;
        JsonObject params;
        int budget;
        int epochs;
        long next;
        long order;
    }

    /**
     * Plays an advisor (which names budgets with {@code TRIAL_BUDGET} and reads intermediate results) on
     * {@code workers} workers until {@code epochBudget} epochs are trained: every epoch's value (as {@code report}
     * maps the loss), then FINAL (a held-out value, {@link #finalLoss}, not the last epoch's), the end and a new
     * request; every fourth trial's FINAL comes after its end (a late result: the round is ranked again). Requests
     * answered later (paid through the context's sender into {@code paid}) start when paid. Returns the decisions in
     * order: every issue with its wire id and parameters (budget included), every request left unanswered.
     */
    public static <T extends Tuner & NamesParameterIds & ReceivesIntermediateResults> List<String> advisorDecisions(
            T tuner, Map<Long, JsonValue> paid, DoubleUnaryOperator report, int workers, int epochs, long epochBudget)
            throws Exception {
        tuner.updateSearchSpace(SPACE);
        List<String> log = new ArrayList<>();
        PriorityQueue<Run> events = new PriorityQueue<>((a, b) -> a.next != b.next ? Long.compare(a.next, b.next)
            : Long.compare(a.order, b.order));
        List<Long> waiting = new ArrayList<>();
        long nextId = 0;
        long order = 0;
        long spent = 0;
        long now = 0;
        int free = workers;
        while (spent < epochBudget) {
            for (int i = 0; i < waiting.size(); i++) {
                JsonValue p = paid.remove(waiting.get(i));
                if (p != null) {
                    long id = waiting.remove(i--);
                    events.add(start(tuner, log, id, p, now, order++, epochs));
                }
            }
            while (free > 0) {
                long id = nextId++;
                free--;
                List<JsonValue> p = tuner.generateMultipleParameters(List.of(id));
                if (p.isEmpty()) {
                    log.add("NO " + id);
                    waiting.add(id);
                } else {
                    events.add(start(tuner, log, id, p.get(0), now, order++, epochs));
                }
            }
            Run t = events.poll();
            if (t == null) {
                break;
            }
            now = t.next;
            double value = report.applyAsDouble(loss(t.params, t.epochs, epochs));
            tuner.receiveIntermediateResult(new IntermediateResult(t.id, "mirror", t.epochs, JsonFloat.of(value)));
            t.epochs++;
            spent++;
            if (t.epochs >= t.budget) {
                TrialResult fin = new TrialResult(t.id, t.params,
                    JsonFloat.of(report.applyAsDouble(finalLoss(t.params, t.epochs, epochs))), false, Optional.empty());
                boolean late = t.id % 4 == 3;
                if (!late) {
                    tuner.receiveTrialResult(fin);
                }
                tuner.trialEnd(t.id, true);
                if (late) {
                    tuner.receiveTrialResult(fin);
                }
                free++;
            } else {
                t.next = now + 1;
                events.add(t);
            }
        }
        return log;
    }

    private static Run start(NamesParameterIds tuner, List<String> log, long id, JsonValue p, long now, long order,
                             int epochs) {
        JsonObject params = (JsonObject) p;
        log.add("issue " + id + " " + tuner.wireParameterId(id) + " " + Json.write(params));
        Run r = new Run();
        r.id = id;
        r.params = params;
        JsonValue budget = params.get("TRIAL_BUDGET");
        r.budget = budget == null ? epochs : Math.max(1, Math.min(epochs, (int) Math.round(budget.asDouble())));
        r.next = now + 1;
        r.order = order;
        return r;
    }

    /**
     * Plays an assessor on {@code trials} trials of seeded random configurations, {@code workers} of them side by
     * side, one epoch each in turn: every history is judged after each epoch (values as {@code report} maps the
     * loss); a trial judged bad ends unsuccessful, one that reaches {@code epochs} ends successful, and a new one takes
     * its place. Returns the decisions in order ({@code trial step GOOD|BAD}).
     */
    public static List<String> assessorDecisions(Assessor assessor, DoubleUnaryOperator report, long seed, int workers,
                                                 int trials, int epochs) {
        SplittableRandom rng = new SplittableRandom(seed);
        List<String> log = new ArrayList<>();
        List<JsonObject> params = new ArrayList<>();
        List<List<JsonValue>> histories = new ArrayList<>();
        List<Integer> running = new ArrayList<>();
        for (int i = 0; i < Math.min(workers, trials); i++) {
            running.add(newTrial(rng, params, histories));
        }
        while (!running.isEmpty()) {
            for (int slot = 0; slot < running.size(); slot++) {
                int trial = running.get(slot);
                List<JsonValue> h = histories.get(trial);
                h.add(JsonFloat.of(report.applyAsDouble(loss(params.get(trial), h.size(), epochs))));
                AssessResult r = assessor.assessTrial("trial" + trial, List.copyOf(h));
                log.add("trial" + trial + " " + h.size() + " " + r);
                boolean bad = r == AssessResult.BAD;
                if (bad || h.size() >= epochs) {
                    assessor.trialEnd("trial" + trial, !bad);
                    if (params.size() < trials) {
                        running.set(slot, newTrial(rng, params, histories));
                    } else {
                        running.remove(slot--);
                    }
                }
            }
        }
        return log;
    }

    private static int newTrial(SplittableRandom rng, List<JsonObject> params, List<List<JsonValue>> histories) {
        params.add(JsonObject.builder().put("x", JsonFloat.of(rng.nextDouble()))
            .put("y", JsonFloat.of(rng.nextDouble()))
            .put("c", JsonString.of(new String[] {"a", "b", "c"}[rng.nextInt(3)])).build());
        histories.add(new ArrayList<>());
        return params.size() - 1;
    }
}
