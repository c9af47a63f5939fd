package dev.tunerd.core.cli;

import dev.tunerd.core.checkpoint.CheckpointMode;
import dev.tunerd.core.config.AlgorithmSpec;
import dev.tunerd.core.config.ConfigurationException;
import dev.tunerd.core.config.DaemonSettings;
import dev.tunerd.core.config.ExperimentParams;
import dev.tunerd.core.config.NniEnvironment;
import dev.tunerd.core.dispatch.Daemon;
import dev.tunerd.core.logging.LoggingSetup;
import dev.tunerd.protocol.FrameFormat;
import dev.tunerd.protocol.json.Json;
import dev.tunerd.protocol.json.JsonException;
import dev.tunerd.protocol.ws.WsForm;
import dev.tunerd.spi.json.JsonObject;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The top-level {@code tunerd} command: runs the dispatcher daemon (or lists the algorithms). Thin: it turns flags,
 * environment and exp_params into one {@link DaemonSettings} and hands it to {@link DaemonRunner}. Subcommands
 * ({@code simulate}, {@code bench}, {@code checkpoint}) are added by the application (see {@link TunerdCli}).
 * Not thread-safe; used once on the main thread.
 */
@Command(name = "tunerd", mixinStandardHelpOptions = true, versionProvider = TunerdVersion.class,
    sortOptions = false, usageHelpAutoWidth = true,
    description = "A drop-in replacement for NNI's tuner/assessor dispatcher: framed commands on stdin/stdout.",
    footer = {"", "Environment: NNI_MODE, NNI_CHECKPOINT_DIRECTORY, NNI_LOG_DIRECTORY, NNI_LOG_LEVEL, "
        + "NNI_INCLUDE_INTERMEDIATE_RESULTS, NNI_TUNER_COMMAND_CHANNEL. Exit codes: 0 end, 1 algorithm failure, "
        + "2 usage, 3 protocol, 4 channel I/O, 5 invalid search space (docs/CLI.md)."})
public final class DaemonCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--tuner", paramLabel = "NAME", description = "Tuner name or alias (case-insensitive).")
    String tuner;

    @Option(names = "--tuner-args", paramLabel = "JSON", description = "Tuner classArgs as a JSON object.")
    String tunerArgs;

    @Option(names = "--assessor", paramLabel = "NAME", description = "Assessor name or alias (case-insensitive).")
    String assessor;

    @Option(names = "--assessor-args", paramLabel = "JSON", description = "Assessor classArgs as a JSON object.")
    String assessorArgs;

    @Option(names = "--exp_params", paramLabel = "BASE64", description = "NNI's experiment config (the NNI launch form).")
    String expParams;

    @Option(names = "-m", paramLabel = "MODULE", hidden = true, description = "Accepted for `python -m nni`; must be nni.")
    String module;

    @Option(names = "--plugin-path", paramLabel = "DIR", description = "Directory of plugin jars (repeatable).")
    List<Path> pluginPath = new ArrayList<>();

    @Option(names = "--queue-capacity", paramLabel = "N", defaultValue = "" + Daemon.Settings.DEFAULT_QUEUE_CAPACITY,
        description = "Capacity of each command queue (default: ${DEFAULT-VALUE}); a full queue makes the reader wait.")
    int queueCapacity;

    @Option(names = "--max-frame-bytes", paramLabel = "N", defaultValue = "" + FrameFormat.DEFAULT_MAX_FRAME_BYTES,
        description = "Largest accepted frame payload in bytes (default: ${DEFAULT-VALUE}).")
    long maxFrameBytes;

    @Option(names = "--header-digits", paramLabel = "6|14", defaultValue = "14",
        description = "Digits of the frame length: 14 (NNI 1.6+, default) or 6 (NNI 1.5 and older).")
    int headerDigits;

    @Option(names = "--channel", paramLabel = "URL",
        description = "Connect to the manager's WebSocket (ws://...) instead of using stdin/stdout.")
    String channel;

    @Option(names = "--ws-form", paramLabel = "auto|json|raw", defaultValue = "auto",
        description = "WebSocket message form: json (NNI 3.0), raw (NNI 2.8-2.10) or auto (detect from the first "
            + "message, default).")
    String wsForm;

    @Option(names = "--checkpoint-mode", paramLabel = "required|best-effort|off",
        description = "What an unusable checkpoint does: stop the start-up or the run (required, the default when "
            + "NNI_CHECKPOINT_DIRECTORY is set), log and continue without one (best-effort), or no checkpoint (off).")
    String checkpointMode;

    @Option(names = "--list", description = "List the algorithms with their classArgs defaults, then exit.")
    boolean list;

    @Option(names = "--cds-training", hidden = true, description = "Run an in-memory session (for a CDS archive).")
    boolean cdsTraining;

    private final DaemonWiring wiring;
    private final Map<String, String> environment;

    /** The production command: reads {@code System.getenv()}. */
    public DaemonCommand(DaemonWiring wiring) {
        this(wiring, System.getenv());
    }

    /** For tests: a given environment. */
    public DaemonCommand(DaemonWiring wiring, Map<String, String> environment) {
        this.wiring = wiring;
        this.environment = Map.copyOf(environment);
    }

    @Override
    public Integer call() throws Exception {
        if (list) {
            new AlgorithmLister(pluginPath).print(spec.commandLine().getOut());
            return 0;
        }
        if (cdsTraining) {
            return CdsTraining.run(spec.commandLine().getOut());
        }
        LoggingSetup.awaitInitialization(); // so that a failure below is logged by a real logger, not a substitute
        DaemonSettings settings = settings();
        LoggingSetup.configure(settings.environment().logDirectory(), settings.environment().logLevel());
        try {
            return new DaemonRunner(wiring).run(settings).status();
        } catch (ConfigurationException | DaemonRunner.ChannelOpenException e) {
            // users diagnose from dispatcher.log: a start-up failure belongs there too, not only on stderr; an
            // expected one (bad settings, no manager to connect to) is said in one line, without a stack trace
            LoggerFactory.getLogger(DaemonCommand.class).error("tunerd could not start: {}", e.getMessage());
            throw e;
        } catch (RuntimeException e) {
            LoggerFactory.getLogger(DaemonCommand.class).error("tunerd could not start: {}", e.getMessage(), e);
            throw e;
        }
    }

    /** Validates everything into one immutable object. */
    DaemonSettings settings() {
        if (module != null && !module.equals("nni")) {
            throw new ConfigurationException("-m accepts only \"nni\" (as in `python -m nni`), got \"" + module + "\"");
        }
        NniEnvironment env = NniEnvironment.from(environment);
        AlgorithmSpec tunerSpec;
        Optional<AlgorithmSpec> assessorSpec;
        if (expParams != null) {
            if (tuner != null || assessor != null || tunerArgs != null || assessorArgs != null) {
                throw new ConfigurationException("give either --exp_params or --tuner/--assessor, not both");
            }
            ExperimentParams params = ExperimentParams.decode(expParams);
            tunerSpec = params.tuner();
            assessorSpec = params.assessor();
        } else {
            if (tuner == null) {
                throw new ConfigurationException("no tuner: give --tuner NAME or --exp_params BASE64 (see --list)");
            }
            tunerSpec = AlgorithmSpec.named(tuner, args("--tuner-args", tunerArgs));
            if (assessor == null && assessorArgs != null) {
                throw new ConfigurationException("--assessor-args needs --assessor");
            }
            assessorSpec = Optional.ofNullable(assessor).map(a -> AlgorithmSpec.named(a, args("--assessor-args",
                assessorArgs)));
        }
        if (headerDigits != 6 && headerDigits != 14) {
            throw new ConfigurationException("--header-digits must be 6 or 14, got " + headerDigits);
        }
        if (maxFrameBytes < 1) {
            throw new ConfigurationException("--max-frame-bytes must be at least 1, got " + maxFrameBytes);
        }
        var url = channel != null ? NniEnvironment.url(channel) : env.channelUrl();
        return new DaemonSettings(tunerSpec, assessorSpec, pluginPath, queueCapacity,
            new FrameFormat(headerDigits, maxFrameBytes), url, wsForm(wsForm), env, checkpointMode(env));
    }

    private CheckpointMode checkpointMode(NniEnvironment env) {
        try {
            return CheckpointMode.resolve(Optional.ofNullable(checkpointMode).map(CheckpointMode::parse),
                env.checkpointDirectory());
        } catch (IllegalArgumentException e) {
            throw new ConfigurationException("--checkpoint-mode: " + e.getMessage(), e);
        }
    }

    private static Optional<WsForm> wsForm(String value) {
        return switch (value) {
            case "auto" -> Optional.empty();
            case "json" -> Optional.of(WsForm.JSON);
            case "raw" -> Optional.of(WsForm.RAW);
            default -> throw new ConfigurationException("--ws-form must be auto, json or raw, got " + value);
        };
    }

    private static JsonObject args(String flag, String json) {
        if (json == null) {
            return JsonObject.EMPTY;
        }
        try {
            return Json.parseObject(json, flag);
        } catch (JsonException e) {
            throw new ConfigurationException(flag + ": " + e.getMessage(), e);
        }
    }
}
