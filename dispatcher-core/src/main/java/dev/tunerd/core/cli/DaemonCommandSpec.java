package dev.tunerd.core.cli;

import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.IGetter;
import picocli.CommandLine.Model.ISetter;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The picocli model of {@link DaemonCommand}, built with picocli's programmatic API rather than read from annotations:
 * every daemon start builds it on the critical path to the first reply, and reflecting over annotated fields
 * (annotation parsing, a dynamic proxy class per annotation type) was the larger part of picocli's start-up cost.
 * Same options, help text, defaults and errors as the annotated form had; the options themselves are the table
 * {@link DaemonOption}, which the start-up fast path {@link DaemonLaunchArgs} reads too. Only help, errors and the
 * less common forms of a launch still build this model. Not thread-safe; built once on the main thread.
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
        for (DaemonOption option : DaemonOption.values()) {
            spec.addOption(bound(cmd, option));
        }
        // picocli's standard help options, declared here too: its mixin is read by reflection; last in the help
        spec.addOption(OptionSpec.builder("-h", "--help").usageHelp(true)
            .description("Show this help message and exit.").build());
        spec.addOption(OptionSpec.builder("-V", "--version").versionHelp(true)
            .description("Print version information and exit.").build());
        cmd.spec = spec;
        return spec;
    }

    /**
     * The option bound to its field of {@code cmd}, which picocli writes; the field's value now is its initial value
     * (picocli puts it back before each parse, so a primitive must not start as null).
     */
    private static OptionSpec bound(DaemonCommand cmd, DaemonOption option) {
        OptionSpec.Builder b = OptionSpec.builder(option.optionName()).type(option.type())
            .description(option.description()).hidden(option.hidden());
        if (option.kind() == DaemonOption.Kind.FLAG) {
            b.arity("0");
        } else {
            b.paramLabel(option.label());
        }
        if (option.kind() == DaemonOption.Kind.PATHS) {
            b.auxiliaryTypes(Path.class);
        }
        if (option.defaultValue() != null) {
            b.defaultValue(option.defaultValue());
        }
        Binding field = new Binding(cmd, option);
        return b.initialValue(option.get(cmd)).getter(field).setter(field).build();
    }

    /** A getter and setter over the field of one option of the command. */
    private static final class Binding implements IGetter, ISetter {
        private final DaemonCommand cmd;
        private final DaemonOption option;

        Binding(DaemonCommand cmd, DaemonOption option) {
            this.cmd = cmd;
            this.option = option;
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T> T get() {
            return (T) option.get(cmd);
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T> T set(T value) {
            T previous = (T) option.get(cmd);
            option.set(cmd, value);
            return previous;
        }
    }
}
