package dev.tunerd.core.cli;

import dev.tunerd.core.dispatch.Daemon;
import dev.tunerd.protocol.FrameFormat;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.IGetter;
import picocli.CommandLine.Model.ISetter;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The picocli model of {@link DaemonCommand}, built with picocli's programmatic API rather than read from annotations:
 * every daemon start builds it on the critical path to the first reply, and reflecting over annotated fields
 * (annotation parsing, a dynamic proxy class per annotation type) was the larger part of picocli's start-up cost.
 * Same options, help text, defaults and errors as the annotated form had. Not thread-safe; built once on the main
 * thread.
 */
final class DaemonCommandSpec {

    private DaemonCommandSpec() {
    }

    static CommandSpec of(DaemonCommand cmd) {
        CommandSpec spec = CommandSpec.wrapWithoutInspection(cmd);
        spec.name("tunerd").versionProvider(new TunerdVersion());
        spec.usageMessage().sortOptions(false).autoWidth(true)
            .description("A drop-in replacement for NNI's tuner/assessor dispatcher: framed commands on stdin/stdout.")
            .footer("", "Environment: NNI_MODE, NNI_CHECKPOINT_DIRECTORY, NNI_LOG_DIRECTORY, NNI_LOG_LEVEL, "
                + "NNI_INCLUDE_INTERMEDIATE_RESULTS, NNI_TUNER_COMMAND_CHANNEL. Exit codes: 0 end, 1 algorithm "
                + "failure, 2 usage, 3 protocol, 4 channel I/O, 5 invalid search space (docs/CLI.md).");
        spec.addOption(bound(text("--tuner", "NAME", "Tuner name or alias (case-insensitive)."),
            () -> cmd.tuner, v -> cmd.tuner = (String) v));
        spec.addOption(bound(text("--tuner-args", "JSON", "Tuner classArgs as a JSON object."),
            () -> cmd.tunerArgs, v -> cmd.tunerArgs = (String) v));
        spec.addOption(bound(text("--assessor", "NAME", "Assessor name or alias (case-insensitive)."),
            () -> cmd.assessor, v -> cmd.assessor = (String) v));
        spec.addOption(bound(text("--assessor-args", "JSON", "Assessor classArgs as a JSON object."),
            () -> cmd.assessorArgs, v -> cmd.assessorArgs = (String) v));
        spec.addOption(bound(text("--exp_params", "BASE64", "NNI's experiment config (the NNI launch form)."),
            () -> cmd.expParams, v -> cmd.expParams = (String) v));
        spec.addOption(bound(text("-m", "MODULE", "Accepted for `python -m nni`; must be nni.").hidden(true),
            () -> cmd.module, v -> cmd.module = (String) v));
        spec.addOption(bound(OptionSpec.builder("--plugin-path").paramLabel("DIR").type(List.class)
            .auxiliaryTypes(Path.class).description("Directory of plugin jars (repeatable)."),
            () -> cmd.pluginPath, v -> cmd.pluginPath = paths(v)));
        spec.addOption(bound(number("--queue-capacity", int.class, "" + Daemon.Settings.DEFAULT_QUEUE_CAPACITY,
            "Capacity of each command queue (default: ${DEFAULT-VALUE}); a full queue makes the reader wait."),
            () -> cmd.queueCapacity, v -> cmd.queueCapacity = (Integer) v));
        spec.addOption(bound(number("--max-frame-bytes", long.class, "" + FrameFormat.DEFAULT_MAX_FRAME_BYTES,
            "Largest accepted frame payload in bytes (default: ${DEFAULT-VALUE})."),
            () -> cmd.maxFrameBytes, v -> cmd.maxFrameBytes = (Long) v));
        spec.addOption(bound(number("--header-digits", int.class, "14",
            "Digits of the frame length: 14 (NNI 1.6+, default) or 6 (NNI 1.5 and older).").paramLabel("6|14"),
            () -> cmd.headerDigits, v -> cmd.headerDigits = (Integer) v));
        spec.addOption(bound(text("--channel", "URL",
            "Connect to the manager's WebSocket (ws://...) instead of using stdin/stdout."),
            () -> cmd.channel, v -> cmd.channel = (String) v));
        spec.addOption(bound(text("--ws-form", "auto|json|raw", "WebSocket message form: json (NNI 3.0), raw "
            + "(NNI 2.8-2.10) or auto (detect from the first message, default).").defaultValue("auto"),
            () -> cmd.wsForm, v -> cmd.wsForm = (String) v));
        spec.addOption(bound(text("--checkpoint-mode", "required|best-effort|off",
            "What an unusable checkpoint does: stop the start-up or the run (required, the default when "
                + "NNI_CHECKPOINT_DIRECTORY is set), log and continue without one (best-effort), or no checkpoint "
                + "(off)."),
            () -> cmd.checkpointMode, v -> cmd.checkpointMode = (String) v));
        spec.addOption(bound(flag("--list", "List the algorithms with their classArgs defaults, then exit."),
            () -> cmd.list, v -> cmd.list = (Boolean) v));
        spec.addOption(bound(flag("--cds-training", "Run an in-memory session (for a CDS archive).").hidden(true),
            () -> cmd.cdsTraining, v -> cmd.cdsTraining = (Boolean) v));
        // picocli's standard help options, declared here too: its mixin is read by reflection; last in the help
        spec.addOption(OptionSpec.builder("-h", "--help").usageHelp(true)
            .description("Show this help message and exit.").build());
        spec.addOption(OptionSpec.builder("-V", "--version").versionHelp(true)
            .description("Print version information and exit.").build());
        cmd.spec = spec;
        return spec;
    }

    @SuppressWarnings("unchecked") // picocli converted each element to the auxiliary type, Path
    private static List<Path> paths(Object list) {
        return (List<Path>) list;
    }

    private static OptionSpec.Builder text(String name, String label, String description) {
        return OptionSpec.builder(name).paramLabel(label).type(String.class).description(description);
    }

    private static OptionSpec.Builder number(String name, Class<?> type, String defaultValue, String description) {
        return OptionSpec.builder(name).paramLabel("N").type(type).defaultValue(defaultValue).description(description);
    }

    private static OptionSpec.Builder flag(String name, String description) {
        return OptionSpec.builder(name).type(boolean.class).arity("0").description(description);
    }

    /**
     * The option bound to a field, which picocli writes; the field's value now is its initial value (picocli puts it
     * back before each parse, so a primitive must not start as null).
     */
    private static OptionSpec bound(OptionSpec.Builder option, Supplier<Object> get, Consumer<Object> set) {
        Binding field = new Binding(get, set);
        return option.initialValue(get.get()).getter(field).setter(field).build();
    }

    /** A getter and setter over a field of the command, given as lambdas. */
    private static final class Binding implements IGetter, ISetter {
        private final Supplier<Object> get;
        private final Consumer<Object> set;

        Binding(Supplier<Object> get, Consumer<Object> set) {
            this.get = get;
            this.set = set;
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T> T get() {
            return (T) get.get();
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T> T set(T value) {
            T previous = (T) get.get();
            set.accept(value);
            return previous;
        }
    }
}
