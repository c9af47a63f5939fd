package dev.tunerd.protocol.command;

import dev.tunerd.protocol.Command;
import dev.tunerd.protocol.CommandType;
import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonValue;

/**
 * Builds the commands the dispatcher sends, with contents exactly as NNI's Python dispatcher writes them (spec 3.4,
 * 3.5, 3.11): Python separators, key order {@code parameter_id, parameter_source, parameters, parameter_index}.
 * Never writes NaN or infinities into a parameter record. Stateless and thread-safe.
 */
public final class OutboundCommands {

    private static final Command INITIALIZED = Command.of(CommandType.INITIALIZED);
    private static final Command PING_ECHO = Command.of(CommandType.PING);

    private OutboundCommands() {
    }

    /** {@code ID}, empty content. */
    public static Command initialized() {
        return INITIALIZED;
    }

    /**
     * {@code PI}, empty content: the echo of a manager's {@code PI} that a daemon started with {@code --echo-ping}
     * sends once every command read before it has been handled (a tunerd extension; NNI's dispatcher never sends
     * {@code PI}, and without the flag neither does tunerd).
     */
    public static Command pingEcho() {
        return PING_ECHO;
    }

    /**
     * {@code TR}: {@code {"parameter_id": 7, "parameter_source": "algorithm", "parameters": {...}, "parameter_index": 0}}.
     *
     * @throws dev.tunerd.protocol.json.JsonException when the parameters contain NaN or an infinity
     */
    public static Command newTrialJob(long parameterId, JsonValue parameters) {
        StringBuilder sb = record(parameterId);
        Json.write(sb, parameters, false);
        return new Command(CommandType.NEW_TRIAL_JOB, sb.append(", \"parameter_index\": 0}").toString());
    }

    /** {@code NO} carrying the first id of the request and {@code "parameters": ""}. */
    public static Command noMoreTrialJobs(long firstParameterId) {
        StringBuilder sb = record(firstParameterId).append("\"\", \"parameter_index\": 0}");
        return new Command(CommandType.NO_MORE_TRIAL_JOBS, sb.toString());
    }

    /**
     * {@code TR} under a string id a tuner named, as NNI's advisors write it (no {@code parameter_index}):
     * {@code {"parameter_id": "0-1_0_0", "parameter_source": "algorithm", "parameters": {...}}}.
     *
     * @throws dev.tunerd.protocol.json.JsonException when the parameters contain NaN or an infinity
     */
    public static Command newTrialJob(String wireParameterId, JsonValue parameters) {
        StringBuilder sb = namedRecord(wireParameterId);
        Json.write(sb, parameters, false);
        return new Command(CommandType.NEW_TRIAL_JOB, sb.append('}').toString());
    }

    /** {@code NO} as NNI's advisors write it: {@code {"parameter_id": "-1_0_0", "parameter_source": "algorithm", "parameters": ""}}. */
    public static Command noMoreTrialJobs(String wireParameterId) {
        return new Command(CommandType.NO_MORE_TRIAL_JOBS, namedRecord(wireParameterId).append("\"\"}").toString());
    }

    /** {@code KI}: the content is the trial id as a JSON string literal, quotes included. */
    public static Command killTrialJob(String trialJobId) {
        StringBuilder sb = new StringBuilder(trialJobId.length() + 2);
        Json.writeString(sb, trialJobId);
        return new Command(CommandType.KILL_TRIAL_JOB, sb.toString());
    }

    /** {@code ER}: free text (NNI sends a traceback). */
    public static Command error(String text) {
        return new Command(CommandType.ERROR, text);
    }

    private static StringBuilder namedRecord(String wireParameterId) {
        StringBuilder sb = new StringBuilder(128).append("{\"parameter_id\": ");
        Json.writeString(sb, wireParameterId);
        return sb.append(", \"parameter_source\": \"algorithm\", \"parameters\": ");
    }

    private static StringBuilder record(long parameterId) {
        return new StringBuilder(128).append("{\"parameter_id\": ").append(parameterId)
            .append(", \"parameter_source\": \"algorithm\", \"parameters\": ");
    }
}
