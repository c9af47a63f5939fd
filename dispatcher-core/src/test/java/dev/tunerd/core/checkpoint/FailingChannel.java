package dev.tunerd.core.checkpoint;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A file channel that behaves like a disk that fills up: it writes through to the real channel until the shared
 * byte budget is spent, writes a partial buffer at the boundary, and then fails every write and force with
 * "No space left on device".
 */
class FailingChannel extends FileChannel {
    private final FileChannel delegate;
    private final AtomicLong budget;

    FailingChannel(FileChannel delegate, AtomicLong budget) {
        this.delegate = delegate;
        this.budget = budget;
    }

    /** An opener whose channels share {@code bytes} of free space. */
    static ChannelOpener diskWithFreeBytes(long bytes) {
        AtomicLong budget = new AtomicLong(bytes);
        return (path, options) -> new FailingChannel(FileChannel.open(path, options), budget);
    }

    @Override
    public int write(ByteBuffer src) throws IOException {
        long left = budget.get();
        if (left <= 0) {
            throw new IOException("No space left on device");
        }
        if (src.remaining() > left) {
            ByteBuffer part = src.duplicate();
            part.limit(part.position() + (int) left);
            int n = delegate.write(part);
            src.position(src.position() + n);
            budget.addAndGet(-n);
            return n;
        }
        int n = delegate.write(src);
        budget.addAndGet(-n);
        return n;
    }

    @Override
    public void force(boolean metaData) throws IOException {
        if (budget.get() <= 0) {
            throw new IOException("No space left on device");
        }
        delegate.force(metaData);
    }

    @Override
    public int read(ByteBuffer dst) throws IOException {
        return delegate.read(dst);
    }

    @Override
    public long read(ByteBuffer[] dsts, int offset, int length) throws IOException {
        return delegate.read(dsts, offset, length);
    }

    @Override
    public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
        throw new UnsupportedOperationException("gathering writes are not used by the journal");
    }

    @Override
    public long position() throws IOException {
        return delegate.position();
    }

    @Override
    public FileChannel position(long newPosition) throws IOException {
        delegate.position(newPosition);
        return this;
    }

    @Override
    public long size() throws IOException {
        return delegate.size();
    }

    @Override
    public FileChannel truncate(long size) throws IOException {
        delegate.truncate(size);
        return this;
    }

    @Override
    public long transferTo(long position, long count, WritableByteChannel target) throws IOException {
        return delegate.transferTo(position, count, target);
    }

    @Override
    public long transferFrom(ReadableByteChannel src, long position, long count) throws IOException {
        throw new UnsupportedOperationException("not used by the journal");
    }

    @Override
    public int read(ByteBuffer dst, long position) throws IOException {
        return delegate.read(dst, position);
    }

    @Override
    public int write(ByteBuffer src, long position) throws IOException {
        throw new UnsupportedOperationException("positional writes are not used by the journal");
    }

    @Override
    public MappedByteBuffer map(MapMode mode, long position, long size) throws IOException {
        return delegate.map(mode, position, size);
    }

    @Override
    public FileLock lock(long position, long size, boolean shared) throws IOException {
        return delegate.lock(position, size, shared);
    }

    @Override
    public FileLock tryLock(long position, long size, boolean shared) throws IOException {
        return delegate.tryLock(position, size, shared);
    }

    @Override
    protected void implCloseChannel() throws IOException {
        delegate.close();
    }
}
