package dev.tunerd.core.channel;

import dev.tunerd.protocol.Command;
import dev.tunerd.protocol.FrameDecoder;
import dev.tunerd.protocol.FrameEncoder;
import dev.tunerd.protocol.FrameFormat;
import java.io.ByteArrayOutputStream;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The legacy framed pipe (spec 2.1) over two byte streams: in production the process's stdin and stdout (the
 * launcher maps NNI's fd 3/4 onto them). Frames are decoded with the shared {@link FrameDecoder}; end of input at a
 * frame boundary is a clean end, and so is end of input inside a frame (as in NNI, logged as a warning).
 *
 * <p>Threading: as {@link CommandChannel}: {@link #receive} from the reader only, {@link #send} from the one writer.
 */
public final class PipeChannel implements CommandChannel {

    private static final Logger LOG = LoggerFactory.getLogger(PipeChannel.class);
    private static final int READ_CHUNK = 64 * 1024;

    private final InputStream in;
    private final OutputStream out;
    private final FrameDecoder decoder;
    private final int headerSize;
    private final FrameEncoder encoder;
    private final ByteBuffer buffer = ByteBuffer.allocate(READ_CHUNK).flip();
    private boolean closed;

    public PipeChannel(InputStream in, OutputStream out, FrameFormat format) {
        this.in = in;
        this.out = out;
        this.decoder = new FrameDecoder(format);
        this.headerSize = format.headerSize();
        this.encoder = new FrameEncoder(format);
    }

    /** The process's own stdin and stdout, bypassing the {@code System} streams (which may be redirected). */
    public static PipeChannel standardStreams(FrameFormat format) {
        return new PipeChannel(new FileInputStream(FileDescriptor.in), new FileOutputStream(FileDescriptor.out), format);
    }

    @Override
    public Command receive() throws IOException {
        while (true) {
            if (buffer.hasRemaining()) {
                Command command = decoder.decode(buffer);
                if (command != null) {
                    return command;
                }
            }
            buffer.clear();
            int n = in.read(buffer.array(), 0, buffer.capacity());
            if (n < 0) {
                buffer.limit(0);
                if (!decoder.atFrameBoundary()) {
                    LOG.warn("Input ended inside a frame; {} bytes of an incomplete frame dropped", decoder.bufferedBytes());
                }
                return null;
            }
            buffer.limit(n);
        }
    }

    /** True when the read buffer holds a whole frame (or a malformed header, which receive reports at once). */
    @Override
    public boolean hasBufferedCommand() {
        if (!decoder.atFrameBoundary() || buffer.remaining() < headerSize) {
            return false;
        }
        long length = 0;
        boolean digits = false;
        for (int i = buffer.position() + 2; i < buffer.position() + headerSize; i++) {
            byte b = buffer.get(i);
            if (b == ' ' && !digits) {
                continue;
            }
            if (b < '0' || b > '9') {
                return true;
            }
            digits = true;
            length = length * 10 + (b - '0');
        }
        return buffer.remaining() - headerSize >= length;
    }

    @Override
    public void send(Command command) throws IOException {
        out.write(encoder.encode(command));
        out.flush();
    }

    /** The frames written back to back in one write (a {@code GE} for many trials used to cost a write each). */
    @Override
    public void sendAll(List<Command> commands) throws IOException {
        ByteArrayOutputStream frames = new ByteArrayOutputStream(commands.size() * 160);
        for (Command c : commands) {
            frames.writeBytes(encoder.encode(c));
        }
        frames.writeTo(out);
        out.flush();
    }

    @Override
    public synchronized void close(boolean failed) {
        if (closed) {
            return;
        }
        closed = true;
        try {
            out.flush();
            out.close();
        } catch (IOException e) {
            LOG.debug("Closing the output failed: {}", e.getMessage());
        }
    }
}
