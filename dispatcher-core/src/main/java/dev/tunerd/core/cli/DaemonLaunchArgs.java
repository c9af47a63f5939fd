package dev.tunerd.core.cli;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The start-up fast path of the command line: a daemon launch in its plain form ({@code --tuner NAME --tuner-args
 * JSON ...}, {@code -m nni --exp_params BASE64}) is read straight into {@link DaemonCommand}, without building
 * picocli's model. picocli loads about 150 classes that class-data sharing cannot archive (they are Java 5 class
 * files) and runs them cold: that was half of the time from process start to the first reply.
 *
 * <p>It reads only what it can read exactly as picocli would, from the same table ({@link DaemonOption}): each
 * option once ({@code --plugin-path} once per directory), as {@code --name value} or {@code --name=value}, numbers as
 * plain decimal digits. Anything else (help, version, {@code --list}, an unknown or repeated option, a value that
 * starts with {@code -} or {@code @}, a number with a sign or a leading zero, a stray word) is declined, and picocli
 * then parses the whole line, with its own messages for every error. Stateless.
 */
public final class DaemonLaunchArgs {

    private static final DaemonOption[] OPTIONS = DaemonOption.values(); // values() copies its array on every call
    private static final int MAX_INT_DIGITS = 9;
    private static final int MAX_LONG_DIGITS = 18;

    private DaemonLaunchArgs() {
    }

    /**
     * Fills {@code cmd} from {@code args} and returns true, or returns false, with {@code cmd} as it was, when the
     * line is not a plain daemon launch.
     */
    public static boolean fill(DaemonCommand cmd, String[] args) {
        Object[] values = new Object[OPTIONS.length];
        Set<DaemonOption> seen = EnumSet.noneOf(DaemonOption.class);
        List<Path> pluginPath = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            int eq = arg.startsWith("--") ? arg.indexOf('=') : -1;
            DaemonOption option = option(eq < 0 ? arg : arg.substring(0, eq));
            if (option == DaemonOption.ECHO_PING && eq < 0) { // the one flag of a launch; the others are actions
                if (!seen.add(option)) {
                    return false;
                }
                values[option.ordinal()] = Boolean.TRUE;
                continue;
            }
            if (option == null || option.kind() == DaemonOption.Kind.FLAG) {
                return false;
            }
            String text;
            if (eq >= 0) {
                text = arg.substring(eq + 1);
            } else if (i + 1 < args.length) {
                text = args[++i];
            } else {
                return false; // picocli says which option misses its value
            }
            if (text.startsWith("-") || text.startsWith("@")) {
                return false; // an option name, a negative number or an argument file: picocli's rules
            }
            if (option.kind() == DaemonOption.Kind.PATHS) {
                Path dir = path(text);
                if (dir == null) {
                    return false;
                }
                pluginPath.add(dir);
                seen.add(option);
                continue;
            }
            Object value = convert(option.kind(), text);
            if (value == null || !seen.add(option)) {
                return false; // picocli rejects a repeated single-value option
            }
            values[option.ordinal()] = value;
        }
        for (DaemonOption option : OPTIONS) {
            Object value = values[option.ordinal()];
            if (value == null && option.defaultValue() != null) {
                value = convert(option.kind(), option.defaultValue());
            }
            if (option == DaemonOption.PLUGIN_PATH) {
                value = pluginPath;
            }
            if (value != null) {
                option.set(cmd, value);
            }
        }
        return true;
    }

    private static DaemonOption option(String name) {
        for (DaemonOption option : OPTIONS) {
            if (option.optionName().equals(name)) {
                return option;
            }
        }
        return null;
    }

    /** The value of a TEXT, INT or LONG option, or null when picocli should judge the text. */
    private static Object convert(DaemonOption.Kind kind, String text) {
        return switch (kind) {
            case TEXT -> text;
            case INT -> isPlainNumber(text, MAX_INT_DIGITS) ? Integer.valueOf(text) : null;
            case LONG -> isPlainNumber(text, MAX_LONG_DIGITS) ? Long.valueOf(text) : null;
            default -> null;
        };
    }

    /** Digits only, no leading zero, short enough not to overflow: read alike by every integer parser. */
    private static boolean isPlainNumber(String text, int maxDigits) {
        if (text.isEmpty() || text.length() > maxDigits || (text.charAt(0) == '0' && text.length() > 1)) {
            return false;
        }
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) < '0' || text.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    private static Path path(String text) {
        try {
            return Path.of(text);
        } catch (InvalidPathException e) {
            return null;
        }
    }
}
