package dev.tunerd.simulator.manager;

import dev.tunerd.protocol.Command;
import dev.tunerd.protocol.CommandType;
import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import dev.tunerd.spi.json.JsonValue;

/**
 * The commands a manager sends, with NNI's content shapes: ME as the trial writes it (Python separators, value
 * double-encoded as a JSON string), EN as Node writes it (compact, with the exact TR content in
 * {@code hyper_params}). Stateless and thread-safe.
 */
public final class ManagerMessages {

    private ManagerMessages() {
    }

    public static Command initialize(JsonObject searchSpace) {
        return new Command(CommandType.INITIALIZE, Json.write(searchSpace));
    }

    public static Command requestTrials(int count) {
        return new Command(CommandType.REQUEST_TRIAL_JOBS, Integer.toString(count));
    }

    /** An intermediate metric; {@code sequence} counts from 0 per trial. */
    public static Command periodical(JsonValue parameterId, String trialJobId, int sequence, double value) {
        return metric(parameterId, trialJobId, "PERIODICAL", sequence, value);
    }

    /** The final metric (sequence 0, as NNI sends it). */
    public static Command fin(JsonValue parameterId, String trialJobId, double value) {
        return metric(parameterId, trialJobId, "FINAL", 0, value);
    }

    public static Command trialEnd(String trialJobId, TrialStatus status, String trialContent) {
        StringBuilder sb = new StringBuilder(trialContent.length() + 80).append("{\"trial_job_id\":");
        Json.writeString(sb, trialJobId);
        sb.append(",\"event\":\"").append(status.name()).append("\",\"hyper_params\":");
        Json.writeString(sb, trialContent);
        return new Command(CommandType.TRIAL_END, sb.append('}').toString());
    }

    /**
     * {@code PI}, empty: NNI's liveness ping; a daemon started with {@code --echo-ping} answers it once every command
     * sent before it has been handled, which makes it a barrier.
     */
    public static Command ping() {
        return Command.of(CommandType.PING);
    }

    public static Command terminate() {
        return Command.of(CommandType.TERMINATE);
    }

    private static Command metric(JsonValue parameterId, String trialJobId, String type, int sequence, double value) {
        JsonObject content = JsonObject.builder()
            .put("parameter_id", parameterId)
            .put("trial_job_id", trialJobId)
            .put("type", type)
            .put("sequence", JsonInt.of(sequence))
            .put("value", JsonString.of(Json.writeAllowingNonFinite(JsonFloat.of(value))))
            .build();
        return new Command(CommandType.REPORT_METRIC_DATA, Json.writeAllowingNonFinite(content));
    }
}
