package dev.tunerd.core.cli;

import dev.tunerd.core.dispatch.Daemon;
import dev.tunerd.protocol.FrameFormat;
import java.nio.file.Path;
import java.util.List;

/**
 * The options of the daemon command, in help order: the one table both {@link DaemonCommandSpec} (picocli's model,
 * for help and errors) and {@link DaemonLaunchArgs} (the start-up fast path) are built from, so the two cannot
 * disagree on a name, a type or a default. Each constant reads and writes its field of {@link DaemonCommand}.
 */
enum DaemonOption {
    TUNER("--tuner", Kind.TEXT, "NAME", null, false, "Tuner name or alias (case-insensitive)."),
    TUNER_ARGS("--tuner-args", Kind.TEXT, "JSON", null, false, "Tuner classArgs as a JSON object."),
    ASSESSOR("--assessor", Kind.TEXT, "NAME", null, false, "Assessor name or alias (case-insensitive)."),
    ASSESSOR_ARGS("--assessor-args", Kind.TEXT, "JSON", null, false, "Assessor classArgs as a JSON object."),
    EXP_PARAMS("--exp_params", Kind.TEXT, "BASE64", null, false, "NNI's experiment config (the NNI launch form)."),
    MODULE("-m", Kind.TEXT, "MODULE", null, true, "Accepted for `python -m nni`; must be nni."),
    PLUGIN_PATH("--plugin-path", Kind.PATHS, "DIR", null, false, "Directory of plugin jars (repeatable)."),
    QUEUE_CAPACITY("--queue-capacity", Kind.INT, "N", "" + Daemon.Settings.DEFAULT_QUEUE_CAPACITY, false,
        "Capacity of each command queue (default: ${DEFAULT-VALUE}); a full queue makes the reader wait."),
    MAX_FRAME_BYTES("--max-frame-bytes", Kind.LONG, "N", "" + FrameFormat.DEFAULT_MAX_FRAME_BYTES, false,
        "Largest accepted frame payload in bytes (default: ${DEFAULT-VALUE})."),
    HEADER_DIGITS("--header-digits", Kind.INT, "6|14", "14", false,
        "Digits of the frame length: 14 (NNI 1.6+, default) or 6 (NNI 1.5 and older)."),
    CHANNEL("--channel", Kind.TEXT, "URL", null, false,
        "Connect to the manager's WebSocket (ws://...) instead of using stdin/stdout."),
    WS_FORM("--ws-form", Kind.TEXT, "auto|json|raw", "auto", false,
        "WebSocket message form: json (NNI 3.0), raw (NNI 2.8-2.10) or auto (detect from the first message, "
            + "default)."),
    CHECKPOINT_MODE("--checkpoint-mode", Kind.TEXT, "required|best-effort|off", null, false,
        "What an unusable checkpoint does: stop the start-up or the run (required, the default when "
            + "NNI_CHECKPOINT_DIRECTORY is set), log and continue without one (best-effort), or no checkpoint (off)."),
    MAX_TRIALS("--max-trials", Kind.INT, "N", "0", false,
        "The experiment's trial budget, for algorithms that plan by it (Auto); 0 = unknown (default). Overrides "
            + "exp_params' maxTrialNumber."),
    TRIAL_CONCURRENCY("--trial-concurrency", Kind.INT, "N", "0", false,
        "Trials the experiment runs at once, for algorithms that plan by it; 0 = unknown (default). Overrides "
            + "exp_params' trialConcurrency."),
    ECHO_PING("--echo-ping", Kind.FLAG, null, null, false,
        "Answer each PI with a PI once every command sent before it is handled: a barrier for test clients and "
            + "benchmarks (a tunerd extension; NNI never sends it, and PI is ignored without it)."),
    LIST("--list", Kind.FLAG, null, null, false, "List the algorithms with their classArgs defaults, then exit."),
    CDS_TRAINING("--cds-training", Kind.FLAG, null, null, true, "Run an in-memory session (for a CDS archive).");

    /** What an option takes: one string, one number, one directory per occurrence, or nothing. */
    enum Kind {
        TEXT, INT, LONG, PATHS, FLAG
    }

    private final String name;
    private final Kind kind;
    private final String label;
    private final String defaultValue;
    private final boolean hidden;
    private final String description;

    DaemonOption(String name, Kind kind, String label, String defaultValue, boolean hidden, String description) {
        this.name = name;
        this.kind = kind;
        this.label = label;
        this.defaultValue = defaultValue;
        this.hidden = hidden;
        this.description = description;
    }

    String optionName() {
        return name;
    }

    Kind kind() {
        return kind;
    }

    /** The parameter label of the help text; null for a flag. */
    String label() {
        return label;
    }

    /** The default as picocli takes it (a string it converts); null when the field's initial value stands. */
    String defaultValue() {
        return defaultValue;
    }

    boolean hidden() {
        return hidden;
    }

    String description() {
        return description;
    }

    /** The Java type of the value: String, int, long, List (of Path) or boolean. */
    Class<?> type() {
        return switch (kind) {
            case TEXT -> String.class;
            case INT -> int.class;
            case LONG -> long.class;
            case PATHS -> List.class;
            case FLAG -> boolean.class;
        };
    }

    /** The option's field of {@code cmd}, boxed. */
    Object get(DaemonCommand cmd) {
        return switch (this) {
            case TUNER -> cmd.tuner;
            case TUNER_ARGS -> cmd.tunerArgs;
            case ASSESSOR -> cmd.assessor;
            case ASSESSOR_ARGS -> cmd.assessorArgs;
            case EXP_PARAMS -> cmd.expParams;
            case MODULE -> cmd.module;
            case PLUGIN_PATH -> cmd.pluginPath;
            case QUEUE_CAPACITY -> cmd.queueCapacity;
            case MAX_FRAME_BYTES -> cmd.maxFrameBytes;
            case HEADER_DIGITS -> cmd.headerDigits;
            case CHANNEL -> cmd.channel;
            case WS_FORM -> cmd.wsForm;
            case CHECKPOINT_MODE -> cmd.checkpointMode;
            case MAX_TRIALS -> cmd.maxTrials;
            case TRIAL_CONCURRENCY -> cmd.trialConcurrency;
            case ECHO_PING -> cmd.echoPing;
            case LIST -> cmd.list;
            case CDS_TRAINING -> cmd.cdsTraining;
        };
    }

    /** Sets the option's field of {@code cmd}; {@code value} has the boxed {@link #type()}. */
    @SuppressWarnings("unchecked") // PLUGIN_PATH: picocli and the fast path both give a List of Path
    void set(DaemonCommand cmd, Object value) {
        switch (this) {
            case TUNER -> cmd.tuner = (String) value;
            case TUNER_ARGS -> cmd.tunerArgs = (String) value;
            case ASSESSOR -> cmd.assessor = (String) value;
            case ASSESSOR_ARGS -> cmd.assessorArgs = (String) value;
            case EXP_PARAMS -> cmd.expParams = (String) value;
            case MODULE -> cmd.module = (String) value;
            case PLUGIN_PATH -> cmd.pluginPath = (List<Path>) value;
            case QUEUE_CAPACITY -> cmd.queueCapacity = (Integer) value;
            case MAX_FRAME_BYTES -> cmd.maxFrameBytes = (Long) value;
            case HEADER_DIGITS -> cmd.headerDigits = (Integer) value;
            case CHANNEL -> cmd.channel = (String) value;
            case WS_FORM -> cmd.wsForm = (String) value;
            case CHECKPOINT_MODE -> cmd.checkpointMode = (String) value;
            case MAX_TRIALS -> cmd.maxTrials = (Integer) value;
            case TRIAL_CONCURRENCY -> cmd.trialConcurrency = (Integer) value;
            case ECHO_PING -> cmd.echoPing = (Boolean) value;
            case LIST -> cmd.list = (Boolean) value;
            case CDS_TRAINING -> cmd.cdsTraining = (Boolean) value;
        }
    }
}
