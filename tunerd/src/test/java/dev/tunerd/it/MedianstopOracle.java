package dev.tunerd.it;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The trials NNI's Medianstop assessor (maximize) would kill, computed independently of tunerd from the manager's
 * commands of a session: for each PERIODICAL result at step S (the trial's number of results) >= start_step, the
 * trial is Bad when its best value so far is below the lower median (sorted index (n-1)/2) of the running averages
 * at step S of the trials that ended SUCCEEDED. Test oracle; not thread-safe.
 */
final class MedianstopOracle {

    private final int startStep;
    private final Map<String, List<Double>> histories = new HashMap<>();
    private final List<double[]> completedAverages = new ArrayList<>();
    private final Set<String> killed = new LinkedHashSet<>();

    MedianstopOracle(int startStep) {
        this.startStep = startStep;
    }

    /** Feeds one manager command (type and content); returns the trials to kill, in order of the decisions. */
    static Set<String> kills(int startStep, List<String[]> commands) {
        MedianstopOracle oracle = new MedianstopOracle(startStep);
        for (String[] c : commands) {
            if (c[0].equals("ME")) {
                oracle.metric((JsonObject) Json.parse(c[1]));
            } else if (c[0].equals("EN")) {
                oracle.trialEnd((JsonObject) Json.parse(c[1]));
            }
        }
        return oracle.killed;
    }

    private void metric(JsonObject me) {
        if (!((JsonString) me.get("type")).value().equals("PERIODICAL")) {
            return;
        }
        String trial = ((JsonString) me.get("trial_job_id")).value();
        List<Double> history = histories.computeIfAbsent(trial, t -> new ArrayList<>());
        history.add(Json.parse(((JsonString) me.get("value")).value()).asDouble());
        int step = history.size();
        if (step < startStep) {
            return;
        }
        double best = history.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        List<Double> averages = new ArrayList<>();
        for (double[] completed : completedAverages) {
            if (completed.length >= step) {
                averages.add(completed[step - 1]);
            }
        }
        if (!averages.isEmpty()) {
            averages.sort(null);
            if (best < averages.get((averages.size() - 1) / 2)) {
                killed.add(trial);
            }
        }
    }

    private void trialEnd(JsonObject en) {
        String trial = ((JsonString) en.get("trial_job_id")).value();
        List<Double> history = histories.remove(trial);
        if (history == null || !((JsonString) en.get("event")).value().equals("SUCCEEDED")) {
            return;
        }
        double[] averages = new double[history.size()];
        double sum = 0;
        for (int i = 0; i < averages.length; i++) {
            sum += history.get(i);
            averages[i] = sum / (i + 1);
        }
        completedAverages.add(averages);
    }
}
