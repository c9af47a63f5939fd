package dev.tunerd.protocol.command;

import dev.tunerd.protocol.Command;
import dev.tunerd.protocol.CommandType;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonNull;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.spi.text.SafeText;

/**
 * Parses a wire {@link Command} into its {@link InboundCommand}, once. Stateless and thread-safe.
 */
public final class InboundCommands {

    private InboundCommands() {
    }

    /**
     * @throws CommandException when the content does not have the shape the command type requires
     */
    public static InboundCommand parse(Command command) {
        CommandType type = command.type();
        String content = command.content();
        if (type.direction() == CommandType.Direction.OUTBOUND) {
            return new InboundCommand.Misdirected(type, content);
        }
        return switch (type) {
            case INITIALIZE -> new InboundCommand.Initialize(Fields.parseObject(type, content, "search space"));
            case UPDATE_SEARCH_SPACE -> new InboundCommand.UpdateSearchSpace(
                Fields.parseObject(type, content, "search space"));
            case REQUEST_TRIAL_JOBS -> new InboundCommand.RequestTrialJobs(count(content));
            case REPORT_METRIC_DATA -> metric(command);
            case IMPORT_DATA -> new InboundCommand.ImportData(ImportedTrials.parse(content));
            case ADD_CUSTOMIZED_TRIAL_JOB -> new InboundCommand.AddCustomizedTrials(ImportedTrials.parseResumed(content));
            case TRIAL_END -> trialEnd(command);
            case TERMINATE -> new InboundCommand.Terminate();
            case PING -> new InboundCommand.Ping();
            default -> throw new IllegalStateException("unhandled inbound type " + type);
        };
    }

    /** The most trial jobs one {@code GE} may ask for; a manager of tunerd's own (simulate, bench) checks it first. */
    public static final int MAX_REQUESTED_TRIAL_JOBS = 1_000_000;

    private static int count(String content) {
        JsonValue v = Fields.parse(CommandType.REQUEST_TRIAL_JOBS, content, "content");
        if (v instanceof JsonInt i && i.value() >= 0 && i.value() <= MAX_REQUESTED_TRIAL_JOBS) {
            return (int) i.value();
        }
        throw new CommandException(CommandType.REQUEST_TRIAL_JOBS,
            "content must be a whole number of trial jobs between 0 and 1000000, got \"" + SafeText.of(content) + "\"");
    }

    private static InboundCommand.ReportMetric metric(Command command) {
        CommandType type = CommandType.REPORT_METRIC_DATA;
        JsonObject raw = Fields.parseObject(command, "content");
        Fields f = new Fields(type, raw, "");
        String typeName = f.requiredString("type");
        MetricType metricType = MetricType.fromWire(typeName);
        if (metricType == null) {
            throw f.error("type", "must be FINAL, PERIODICAL or REQUEST_PARAMETER, got \"" + SafeText.of(typeName) + "\"");
        }
        String trialJobId = f.optionalString("trial_job_id");
        JsonValue value = metricType == MetricType.REQUEST_PARAMETER ? JsonString.of("") : f.decodedValue("value");
        String named = f.stringOrNull("parameter_id");
        Long id = named == null ? f.optionalLong("parameter_id") : null;
        return new InboundCommand.ReportMetric(metricType, id, trialJobId, f.intOrDefault("sequence", 0), value, raw,
            named);
    }

    private static InboundCommand.TrialEnd trialEnd(Command command) {
        CommandType type = CommandType.TRIAL_END;
        Fields f = new Fields(type, Fields.parseObject(command, "content"), "");
        String trialJobId = f.requiredString("trial_job_id");
        String event = f.requiredString("event");
        String hyperParams = f.optionalString("hyper_params");
        Long parameterId = null;
        String named = null;
        JsonValue parameters = null;
        if (hyperParams != null) {
            JsonObject hp = Fields.parseObject(type, hyperParams, "field \"hyper_params\"");
            Fields h = new Fields(type, hp, " of \"hyper_params\"");
            named = h.stringOrNull("parameter_id");
            parameterId = named == null ? h.optionalLong("parameter_id") : null;
            JsonValue p = hp.get("parameters");
            parameters = p == null || p instanceof JsonNull ? null : p;
        }
        return new InboundCommand.TrialEnd(trialJobId, event, parameterId, named, parameters);
    }
}
