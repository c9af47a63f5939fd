/**
 * Typed commands: every inbound {@link dev.tunerd.protocol.Command} is parsed once, by
 * {@link dev.tunerd.protocol.command.InboundCommands}, into one record of the sealed
 * {@link dev.tunerd.protocol.command.InboundCommand}; handlers never look at raw JSON text. Outbound contents (TR, NO,
 * KI, ID, ER) are built by {@link dev.tunerd.protocol.command.OutboundCommands} byte-for-byte as NNI's Python
 * dispatcher writes them. A payload that does not have the expected shape fails with a
 * {@link dev.tunerd.protocol.command.CommandException} naming the command and the field.
 *
 * <p>Pure code: no I/O, no threads, no logging. Every type here is immutable or stateless and thread-safe.
 */
package dev.tunerd.protocol.command;
