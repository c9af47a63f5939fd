package dev.tunerd.protocol.command;

import dev.tunerd.protocol.CommandType;
import dev.tunerd.spi.ImportedTrial;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.util.List;
import java.util.Objects;

/**
 * A command from the manager, parsed once from its content. One record per command type; a known code sent in the
 * wrong direction is a {@link Misdirected}. Immutable and thread-safe.
 */
public sealed interface InboundCommand {

    /** The wire type this command came as. */
    CommandType type();

    /** {@code IN}: the initial search space. */
    record Initialize(JsonObject searchSpace) implements InboundCommand {
        public CommandType type() {
            return CommandType.INITIALIZE;
        }
    }

    /** {@code GE}: how many parameter sets the manager asks for. */
    record RequestTrialJobs(int count) implements InboundCommand {
        public CommandType type() {
            return CommandType.REQUEST_TRIAL_JOBS;
        }
    }

    /**
     * {@code ME}: a reported metric.
     *
     * @param metricType  FINAL, PERIODICAL or REQUEST_PARAMETER
     * @param parameterId     an integer {@code parameter_id}; null for a customized trial (and for legacy
     *                        REQUEST_PARAMETER), and when the id is a string
     * @param trialJobId      null when the report did not name its trial
     * @param sequence        the index of an intermediate result (0 for FINAL)
     * @param value           the metric after its second decoding (NaN and infinities allowed)
     * @param raw             the whole metric object as received
     * @param wireParameterId a string {@code parameter_id} (the ids a tuner names itself, such as Hyperband's
     *                        {@code "0-1_0_3"}), else null
     */
    record ReportMetric(MetricType metricType, Long parameterId, String trialJobId, int sequence, JsonValue value,
                        JsonObject raw, String wireParameterId) implements InboundCommand {
        public ReportMetric {
            Objects.requireNonNull(metricType, "metricType");
            Objects.requireNonNull(value, "value");
            Objects.requireNonNull(raw, "raw");
            if (parameterId != null && wireParameterId != null) {
                throw new IllegalArgumentException("a metric has an integer or a string parameter id, not both");
            }
        }

        /** A metric whose {@code parameter_id} is an integer or null. */
        public ReportMetric(MetricType metricType, Long parameterId, String trialJobId, int sequence, JsonValue value,
                            JsonObject raw) {
            this(metricType, parameterId, trialJobId, sequence, value, raw, null);
        }

        /** The same metric under the dispatcher's own id for it (a string id resolved through the ledger). */
        public ReportMetric withParameterId(long id) {
            return new ReportMetric(metricType, id, trialJobId, sequence, value, raw, null);
        }

        public CommandType type() {
            return CommandType.REPORT_METRIC_DATA;
        }
    }

    /** {@code SS}: a new search space. */
    record UpdateSearchSpace(JsonObject searchSpace) implements InboundCommand {
        public CommandType type() {
            return CommandType.UPDATE_SEARCH_SPACE;
        }
    }

    /** {@code FD}: imported results, values already decoded (spec 3.8). */
    record ImportData(List<ImportedTrial> trials) implements InboundCommand {
        public ImportData {
            trials = List.copyOf(trials);
        }

        public CommandType type() {
            return CommandType.IMPORT_DATA;
        }
    }

    /** {@code AD} (NNI 2.10+): the trials of the previous run that are re-submitted on resume; may be empty. */
    record AddCustomizedTrials(List<ResumedTrial> resumed) implements InboundCommand {
        public AddCustomizedTrials {
            resumed = List.copyOf(resumed);
        }

        public CommandType type() {
            return CommandType.ADD_CUSTOMIZED_TRIAL_JOB;
        }
    }

    /**
     * {@code EN}: a trial reached a terminal state.
     *
     * @param parameterId     an integer id from the trial's {@code hyper_params}; null for a customized trial and
     *                        when the id is a string
     * @param wireParameterId a string id from the trial's {@code hyper_params}, else null
     * @param parameters      the {@code parameters} of the trial's {@code hyper_params} (a customized trial's are
     *                        known only from there), else null
     */
    record TrialEnd(String trialJobId, String event, Long parameterId, String wireParameterId, JsonValue parameters)
        implements InboundCommand {
        public TrialEnd {
            Objects.requireNonNull(trialJobId, "trialJobId");
            Objects.requireNonNull(event, "event");
            if (parameterId != null && wireParameterId != null) {
                throw new IllegalArgumentException("a trial end has an integer or a string parameter id, not both");
            }
        }

        /** A trial end without the parameters of its {@code hyper_params}. */
        public TrialEnd(String trialJobId, String event, Long parameterId, String wireParameterId) {
            this(trialJobId, event, parameterId, wireParameterId, null);
        }

        /** A trial end whose parameter id is an integer or null. */
        public TrialEnd(String trialJobId, String event, Long parameterId) {
            this(trialJobId, event, parameterId, null);
        }

        /** The same end under the dispatcher's own id (a string id resolved through the ledger). */
        public TrialEnd withParameterId(long id) {
            return new TrialEnd(trialJobId, event, id, null, parameters);
        }

        /** NNI tells the algorithms "success" only for {@code SUCCEEDED}. */
        public boolean succeeded() {
            return "SUCCEEDED".equals(event);
        }

        public CommandType type() {
            return CommandType.TRIAL_END;
        }
    }

    /** {@code TE}: stop. */
    record Terminate() implements InboundCommand {
        public CommandType type() {
            return CommandType.TERMINATE;
        }
    }

    /** {@code PI}: liveness probe of the legacy pipe; ignored. */
    record Ping() implements InboundCommand {
        public CommandType type() {
            return CommandType.PING;
        }
    }

    /** A dispatcher-to-manager code (ID, TR, SP, NO, KI, ER) received from the manager. */
    record Misdirected(CommandType type, String content) implements InboundCommand {
        public Misdirected {
            Objects.requireNonNull(type, "type");
            Objects.requireNonNull(content, "content");
        }
    }
}
