package dev.tunerd.protocol.command;

import dev.tunerd.protocol.CommandType;

/**
 * The content of a command does not have the shape its type requires. The message names the command code and the
 * field, e.g. {@code ME: field "sequence" must be an integer, got str}. Immutable.
 */
public class CommandException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final transient CommandType type;

    public CommandException(CommandType type, String problem) {
        super(type.code() + ": " + problem);
        this.type = type;
    }

    public CommandException(CommandType type, String problem, Throwable cause) {
        super(type.code() + ": " + problem, cause);
        this.type = type;
    }

    /** The type of the command that could not be parsed. */
    public CommandType commandType() {
        return type;
    }
}
