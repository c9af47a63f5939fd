package dev.tunerd.core.cli;

import dev.tunerd.core.checkpoint.CheckpointMode;
import dev.tunerd.core.config.AlgorithmSpec;
import dev.tunerd.core.config.ConfigurationException;
import dev.tunerd.core.config.DaemonSettings;
import dev.tunerd.core.config.ExperimentParams;
import dev.tunerd.core.config.NniEnvironment;
import dev.tunerd.core.logging.LoggingSetup;
import dev.tunerd.protocol.FrameFormat;
import dev.tunerd.protocol.json.Json;
import dev.tunerd.protocol.json.JsonException;
import dev.tunerd.protocol.ws.WsForm;
import dev.tunerd.spi.ExperimentBudget;
import dev.tunerd.spi.json.JsonObject;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.Callable;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The top-level {@code tunerd} command: runs the dispatcher daemon (or lists the algorithms). Thin: it turns flags,
 * environment and exp_params into one {@link DaemonSettings} and hands it to {@link DaemonRunner}. Subcommands
 * ({@code simulate}, {@code bench}, {@code checkpoint}) are added by the application (see {@link TunerdCli}). Its
 * options are the table {@link DaemonOption}, read by {@link DaemonLaunchArgs} for a plain launch and otherwise by
 * picocli through {@link DaemonCommandSpec}. Not thread-safe; used once on the main thread.
 */
public final class DaemonCommand implements Callable<Integer> {

    // set through the option table DaemonOption: by picocli (DaemonCommandSpec's model) or by DaemonLaunchArgs
    // (a plain launch, without picocli); package-private for them
    CommandSpec spec;
    String tuner;
    String tunerArgs;
    String assessor;
    String assessorArgs;
    String expParams;
    String module;
    List<Path> pluginPath = new ArrayList<>();
    int queueCapacity;
    long maxFrameBytes;
    int headerDigits;
    String channel;
    String wsForm;
    String checkpointMode;
    int maxTrials;
    int trialConcurrency;
    boolean echoPing;
    boolean list;
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
        ExperimentBudget budget = ExperimentBudget.UNKNOWN;
        if (expParams != null) {
            if (tuner != null || assessor != null || tunerArgs != null || assessorArgs != null) {
                throw new ConfigurationException("give either --exp_params or --tuner/--assessor, not both");
            }
            ExperimentParams params = ExperimentParams.decode(expParams);
            tunerSpec = params.tuner();
            assessorSpec = params.assessor();
            budget = params.budget();
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
            new FrameFormat(headerDigits, maxFrameBytes), url, wsForm(wsForm), env, checkpointMode(env),
            withFlags(budget), echoPing);
    }

    /** The budget from exp_params with {@code --max-trials} and {@code --trial-concurrency} laid over it. */
    private ExperimentBudget withFlags(ExperimentBudget fromParams) {
        if (maxTrials < 0) {
            throw new ConfigurationException("--max-trials must be at least 0 (0 = unknown), got " + maxTrials);
        }
        if (trialConcurrency < 0) {
            throw new ConfigurationException("--trial-concurrency must be at least 0 (0 = unknown), got "
                + trialConcurrency);
        }
        return new ExperimentBudget(maxTrials > 0 ? OptionalInt.of(maxTrials) : fromParams.maxTrials(),
            trialConcurrency > 0 ? OptionalInt.of(trialConcurrency) : fromParams.concurrency());
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
