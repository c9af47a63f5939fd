package dev.tunerd.core.config;

import dev.tunerd.protocol.FrameFormat;
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
 * @param environment   the NNI environment variables
 */
public record DaemonSettings(AlgorithmSpec tuner, Optional<AlgorithmSpec> assessor, List<Path> pluginPath,
                            int queueCapacity, FrameFormat frameFormat, Optional<URI> channelUrl,
                            NniEnvironment environment) {

    public DaemonSettings {
        Objects.requireNonNull(tuner, "tuner");
        Objects.requireNonNull(assessor, "assessor");
        pluginPath = List.copyOf(pluginPath);
        if (queueCapacity < 1) {
            throw new ConfigurationException("--queue-capacity must be at least 1, got " + queueCapacity);
        }
        Objects.requireNonNull(frameFormat, "frameFormat");
        Objects.requireNonNull(channelUrl, "channelUrl");
        Objects.requireNonNull(environment, "environment");
    }
}
