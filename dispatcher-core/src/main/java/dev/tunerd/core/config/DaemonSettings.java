package dev.tunerd.core.config;

import dev.tunerd.core.checkpoint.CheckpointMode;
import dev.tunerd.protocol.FrameFormat;
import dev.tunerd.protocol.ws.WsForm;
import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.ExperimentBudget;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Everything the daemon needs, validated, before anything starts. Immutable.
 *
 * @param tuner         the tuner to run
 * @param assessor      the assessor, if any
 * @param pluginPath    directories whose jars are searched for providers
 * @param queueCapacity capacity of each of the two command queues
 * @param frameFormat   pipe header digits and the frame size limit
 * @param channelUrl    a WebSocket URL ({@code --channel} or {@code NNI_TUNER_COMMAND_CHANNEL}); empty for the pipe
 * @param wsForm        the WebSocket message form; empty to detect it from the manager's first message
 * @param environment   the NNI environment variables
 * @param checkpoint    the effective checkpoint mode ({@code --checkpoint-mode} resolved against
 *                      {@code NNI_CHECKPOINT_DIRECTORY}); {@link CheckpointMode#OFF} whenever no directory is set
 * @param budget        the experiment's trial budget and concurrency (exp_params' {@code maxTrialNumber} and
 *                      {@code trialConcurrency}, or {@code --max-trials} and {@code --trial-concurrency}), passed to
 *                      the algorithms in their {@link AlgorithmContext}
 * @param echoPing      {@code --echo-ping}: answer each {@code PI} once every command before it is handled
 */
public record DaemonSettings(AlgorithmSpec tuner, Optional<AlgorithmSpec> assessor, List<Path> pluginPath,
                            int queueCapacity, FrameFormat frameFormat, Optional<URI> channelUrl,
                            Optional<WsForm> wsForm, NniEnvironment environment, CheckpointMode checkpoint,
                            ExperimentBudget budget, boolean echoPing) {

    public DaemonSettings {
        Objects.requireNonNull(tuner, "tuner");
        Objects.requireNonNull(assessor, "assessor");
        pluginPath = List.copyOf(pluginPath);
        if (queueCapacity < 1) {
            throw new ConfigurationException("--queue-capacity must be at least 1, got " + queueCapacity);
        }
        Objects.requireNonNull(frameFormat, "frameFormat");
        Objects.requireNonNull(channelUrl, "channelUrl");
        Objects.requireNonNull(wsForm, "wsForm");
        Objects.requireNonNull(environment, "environment");
        Objects.requireNonNull(checkpoint, "checkpoint");
        Objects.requireNonNull(budget, "budget");
        if (checkpoint != CheckpointMode.OFF && environment.checkpointDirectory().isEmpty()) {
            throw new ConfigurationException("checkpoint mode " + checkpoint.optionName()
                + " needs NNI_CHECKPOINT_DIRECTORY to be set");
        }
    }

    /** Settings that ignore {@code PI}, as NNI does. */
    public DaemonSettings(AlgorithmSpec tuner, Optional<AlgorithmSpec> assessor, List<Path> pluginPath,
                          int queueCapacity, FrameFormat frameFormat, Optional<URI> channelUrl,
                          Optional<WsForm> wsForm, NniEnvironment environment, CheckpointMode checkpoint,
                          ExperimentBudget budget) {
        this(tuner, assessor, pluginPath, queueCapacity, frameFormat, channelUrl, wsForm, environment, checkpoint,
            budget, false);
    }

    /** Settings without budget information. */
    public DaemonSettings(AlgorithmSpec tuner, Optional<AlgorithmSpec> assessor, List<Path> pluginPath,
                          int queueCapacity, FrameFormat frameFormat, Optional<URI> channelUrl,
                          Optional<WsForm> wsForm, NniEnvironment environment, CheckpointMode checkpoint) {
        this(tuner, assessor, pluginPath, queueCapacity, frameFormat, channelUrl, wsForm, environment, checkpoint,
            ExperimentBudget.UNKNOWN, false);
    }

    /** Settings with the default checkpoint mode: required when NNI_CHECKPOINT_DIRECTORY is set, else off. */
    public DaemonSettings(AlgorithmSpec tuner, Optional<AlgorithmSpec> assessor, List<Path> pluginPath,
                          int queueCapacity, FrameFormat frameFormat, Optional<URI> channelUrl,
                          Optional<WsForm> wsForm, NniEnvironment environment) {
        this(tuner, assessor, pluginPath, queueCapacity, frameFormat, channelUrl, wsForm, environment,
            CheckpointMode.resolve(Optional.empty(), environment.checkpointDirectory()));
    }
}
