package dev.tunerd.core.checkpoint;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;

/**
 * Opens the file channels the checkpoint writes through; tests inject one whose channels fail (a full disk).
 * Implementations must be thread-safe.
 */
@FunctionalInterface
public interface ChannelOpener {

    /** The platform's {@link FileChannel#open(Path, OpenOption...)}. */
    ChannelOpener DEFAULT = FileChannel::open;

    FileChannel open(Path path, OpenOption... options) throws IOException;
}
