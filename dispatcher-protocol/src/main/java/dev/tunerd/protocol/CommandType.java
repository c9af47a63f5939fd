package dev.tunerd.protocol;

import java.nio.charset.StandardCharsets;

/** Every command code of NNI's tuner command channel, with its two-letter wire code and direction. */
public enum CommandType {
    // manager -> dispatcher
    INITIALIZE("IN", Direction.INBOUND),
    REQUEST_TRIAL_JOBS("GE", Direction.INBOUND),
    REPORT_METRIC_DATA("ME", Direction.INBOUND),
    UPDATE_SEARCH_SPACE("SS", Direction.INBOUND),
    IMPORT_DATA("FD", Direction.INBOUND),
    ADD_CUSTOMIZED_TRIAL_JOB("AD", Direction.INBOUND),
    TRIAL_END("EN", Direction.INBOUND),
    TERMINATE("TE", Direction.INBOUND),
    PING("PI", Direction.INBOUND),
    // dispatcher -> manager
    INITIALIZED("ID", Direction.OUTBOUND),
    NEW_TRIAL_JOB("TR", Direction.OUTBOUND),
    SEND_TRIAL_JOB_PARAMETER("SP", Direction.OUTBOUND),
    NO_MORE_TRIAL_JOBS("NO", Direction.OUTBOUND),
    KILL_TRIAL_JOB("KI", Direction.OUTBOUND),
    ERROR("ER", Direction.OUTBOUND);

    /** Who sends a command of this type. */
    public enum Direction { INBOUND, OUTBOUND }

    private static final CommandType[] BY_CODE = new CommandType[26 * 26];

    static {
        for (CommandType t : values()) {
            BY_CODE[index(t.code.charAt(0), t.code.charAt(1))] = t;
        }
    }

    private final String code;
    private final byte[] codeBytes;
    private final Direction direction;

    CommandType(String code, Direction direction) {
        this.code = code;
        this.codeBytes = code.getBytes(StandardCharsets.US_ASCII);
        this.direction = direction;
    }

    /** The two ASCII letters on the wire. */
    public String code() {
        return code;
    }

    byte[] codeBytes() {
        return codeBytes;
    }

    public Direction direction() {
        return direction;
    }

    /** NNI's enum repr, used in its "Unsupported command" message: {@code CommandType.KillTrialJob}. */
    public String pythonName() {
        StringBuilder sb = new StringBuilder("CommandType.");
        for (String part : name().split("_")) {
            sb.append(part.charAt(0)).append(part.substring(1).toLowerCase(java.util.Locale.ROOT));
        }
        return sb.toString();
    }

    /** The type for a two-letter code, or null when no command has that code. */
    public static CommandType fromCode(char first, char second) {
        if (first < 'A' || first > 'Z' || second < 'A' || second > 'Z') {
            return null;
        }
        return BY_CODE[index(first, second)];
    }

    /** The type for a two-letter code, or null when no command has that code. */
    public static CommandType fromCode(String code) {
        return code.length() == 2 ? fromCode(code.charAt(0), code.charAt(1)) : null;
    }

    private static int index(char first, char second) {
        return (first - 'A') * 26 + (second - 'A');
    }
}
