package dev.tunerd.core.checkpoint;

import dev.tunerd.spi.json.JsonObject;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One open checkpoint: the current journal segment, the state it adds up to, and compaction (snapshot, new segment,
 * old segments deleted). Every method may throw {@link IOException}; the {@link CheckpointRecorder} turns those into
 * its failure policy. Not thread-safe (the recorder serialises).
 */
final class JournalSession implements AutoCloseable {
    private final CheckpointSettings settings;
    private final Path root;
    private final StateAccumulator state;
    private JournalWriter writer;
    private boolean unforced;
    private long unforcedSince;

    private JournalSession(CheckpointSettings settings, Path root, StateAccumulator state) {
        this.settings = settings;
        this.root = root;
        this.state = state;
    }

    static JournalSession open(CheckpointSettings s, RecoveredState initial, ExistingFiles existing)
        throws IOException {
        if (!Files.isDirectory(s.checkpointDirectory())) {
            throw new NoSuchFileException(s.checkpointDirectory().toString(), null, "checkpoint directory "
                + CheckpointLayout.whatItIs(s.checkpointDirectory()));
        }
        Path root = Files.createDirectories(CheckpointLayout.root(s.checkpointDirectory()));
        if (existing == ExistingFiles.SET_ASIDE) {
            setAside(root, s);
        }
        StateAccumulator acc = new StateAccumulator(initial); // layered on initial's history, not a copy of it
        acc.setCreation(initial.createdAt().or(() -> Optional.of(s.clock().instant())),
            merge(s.info(), initial.info()));
        JournalSession session = new JournalSession(s, root, acc);
        session.compact(highestSequence(root));
        return session;
    }

    /**
     * Appends a record and applies it to the state. {@code sync} forces it (and all before it) to disk; otherwise it
     * is forced with the next forced record, or now if the oldest unforced record is older than the settings allow.
     */
    void append(RecordType type, JsonObject payload, boolean sync) throws IOException {
        writer.append(JournalFormat.frame(type, StateCodec.bytes(payload)));
        state.apply(type, payload);
        long now = settings.clock().millis();
        if (!unforced) {
            unforced = true;
            unforcedSince = now;
        }
        if (sync || now - unforcedSince >= settings.maxUnforcedMillis()) {
            force();
        }
        if (writer.size() >= settings.rolloverBytes()) {
            compact(writer.sequence());
        }
    }

    void force() throws IOException {
        if (unforced) {
            writer.force();
            unforced = false;
        }
    }

    RecoveredState state() {
        return state.toState(List.of());
    }

    Path root() {
        return root;
    }

    /** The accumulator behind {@link #state()} (for tests of what it shares with the state it continues). */
    StateAccumulator accumulator() {
        return state;
    }

    /** Snapshot of everything up to segment {@code covered}, a new segment after it, older segments deleted. */
    private void compact(long covered) throws IOException {
        SnapshotStore.write(settings.opener(), root, state.view(), covered);
        JournalWriter next = JournalWriter.create(settings.opener(), CheckpointLayout.segment(root, covered + 1),
            covered + 1);
        if (writer != null) {
            writer.close();
        }
        writer = next;
        unforced = false;
        for (Map.Entry<Long, Path> e : CheckpointLayout.segments(root).headMap(covered, true).entrySet()) {
            Files.deleteIfExists(e.getValue());
        }
        Files.deleteIfExists(root.resolve(CheckpointLayout.ABANDONED));
        SnapshotStore.syncDirectory(settings.opener(), root);
    }

    @Override
    public void close() throws IOException {
        if (writer != null) {
            try {
                force();
            } finally {
                writer.close();
                writer = null;
            }
        }
    }

    private static long highestSequence(Path root) throws IOException {
        long highest = CheckpointLayout.segments(root).keySet().stream().mapToLong(Long::longValue).max().orElse(-1);
        Path snapshot = root.resolve(CheckpointLayout.SNAPSHOT);
        if (Files.exists(snapshot)) {
            try (FileChannel ch = FileChannel.open(snapshot, StandardOpenOption.READ)) {
                ByteBuffer h = ByteBuffer.allocate(JournalFormat.HEADER_BYTES);
                while (h.hasRemaining() && ch.read(h) >= 0) {
                    continue;
                }
                if (!h.hasRemaining()) {
                    highest = Math.max(highest, h.getLong(12));
                }
            }
        }
        return highest;
    }

    /**
     * Moves the files of an old checkpoint aside: newest segment first and the snapshot last, so that a crash
     * half-way leaves a readable prefix of the old history, never a journal without its snapshot.
     */
    private static void setAside(Path root, CheckpointSettings s) throws IOException {
        Path aside = root.resolve("set-aside-" + s.clock().millis());
        List<Path> files = new ArrayList<>(CheckpointLayout.segments(root).descendingMap().values());
        try (DirectoryStream<Path> all = Files.newDirectoryStream(root, Files::isRegularFile)) {
            for (Path f : all) {
                String name = f.getFileName().toString();
                if (!files.contains(f) && !name.equals(CheckpointLayout.SNAPSHOT) && !name.equals(CheckpointLock.FILE)) {
                    files.add(f);
                }
            }
        }
        Path snapshot = root.resolve(CheckpointLayout.SNAPSHOT);
        if (Files.exists(snapshot)) {
            files.add(snapshot);
        }
        for (Path f : files) {
            Files.createDirectories(aside);
            Files.move(f, aside.resolve(f.getFileName()), StandardCopyOption.ATOMIC_MOVE);
        }
        SnapshotStore.syncDirectory(s.opener(), root);
    }

    private static ExperimentInfo merge(ExperimentInfo given, ExperimentInfo recovered) {
        return new ExperimentInfo(given.tunerName().or(recovered::tunerName),
            given.optimizeMode().or(recovered::optimizeMode));
    }
}
