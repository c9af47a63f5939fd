package dev.tunerd.core.checkpoint;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Recovery: reads a checkpoint (snapshot, then the journal segments after it) into a {@link RecoveredState}. Reading
 * never modifies the files, so it is safe on a checkpoint a running dispatcher is writing. A torn last record is
 * ignored with a warning (in {@link RecoveredState#warnings()} and the log); damage anywhere else is a
 * {@link CorruptCheckpointException} naming the file and offset. Stateless; thread-safe.
 */
public final class CheckpointReader {
    private static final Logger LOG = LoggerFactory.getLogger(CheckpointReader.class);

    private CheckpointReader() {
    }

    /**
     * Reads the checkpoint kept in {@code checkpointDirectory} (NNI's {@code NNI_CHECKPOINT_DIRECTORY}).
     *
     * @return the recovered state; {@link RecoveredState#empty()} when tunerd never wrote there
     * @throws CorruptCheckpointException when a file is damaged other than at its tail
     * @throws CheckpointException        when the directory is missing or unreadable, the checkpoint was abandoned
     *                                    after a write failure, or it was written by a newer tunerd
     */
    public static RecoveredState read(Path checkpointDirectory) {
        if (!Files.isDirectory(checkpointDirectory)) {
            throw new CheckpointException("checkpoint directory " + checkpointDirectory + " "
                + CheckpointLayout.whatItIs(checkpointDirectory));
        }
        Path root = CheckpointLayout.root(checkpointDirectory);
        if (!Files.isDirectory(root)) {
            return RecoveredState.empty();
        }
        Path abandoned = root.resolve(CheckpointLayout.ABANDONED);
        if (Files.exists(abandoned)) {
            throw new CheckpointException("checkpoint " + root + " was abandoned after a write failure (see "
                + abandoned + "); its journal is incomplete");
        }
        return readRoot(root);
    }

    /**
     * The id floor a checkpoint that cannot be resumed from still gives (damaged, or abandoned after a write failure):
     * the next parameter id of the part of its journal that can be read, and at least the id the recorder kept
     * writing into {@code next-id} after it stopped journalling. 0 when nothing can be read.
     */
    public static long readableIdFloor(Path checkpointDirectory) {
        Path root = CheckpointLayout.root(checkpointDirectory);
        long floor = IdFloorFile.read(root);
        if (!Files.isDirectory(root)) {
            return floor;
        }
        try {
            return Math.max(floor, readRoot(root).nextParameterId());
        } catch (CorruptCheckpointException e) {
            return Math.max(floor, e.validPrefix().map(RecoveredState::nextParameterId).orElse(0L));
        } catch (RuntimeException e) { // CheckpointException included: nothing more can be read
            LOG.warn("checkpoint {}: nothing readable for the id floor: {}", root, e.getMessage());
            return floor;
        }
    }

    private static RecoveredState readRoot(Path root) {
        Optional<SnapshotStore.Loaded> snapshot = SnapshotStore.read(root);
        List<String> warnings = new ArrayList<>();
        // the snapshot's accumulator goes on with the journal, then hands the history over: read once, held once
        StateAccumulator acc = snapshot.map(SnapshotStore.Loaded::accumulator)
            .orElseGet(() -> new StateAccumulator(RecoveredState.empty()));
        replayJournal(root, snapshot.map(SnapshotStore.Loaded::coveredSequence), acc, warnings);
        if (Files.exists(root.resolve(CheckpointLayout.SNAPSHOT_TMP))) {
            warnings.add("ignored an unfinished snapshot " + root.resolve(CheckpointLayout.SNAPSHOT_TMP));
        }
        warnings.forEach(w -> LOG.warn("checkpoint {}: {}", root, w));
        return acc.handOver(warnings);
    }

    private static void replayJournal(Path root, Optional<Long> covered, StateAccumulator acc,
                                      List<String> warnings) {
        NavigableMap<Long, Path> all = CheckpointLayout.segments(root);
        NavigableMap<Long, Path> live = covered.isPresent() ? all.tailMap(covered.get(), false) : all;
        if (live.size() < all.size()) {
            warnings.add("ignored " + (all.size() - live.size()) + " journal segment(s) already in the snapshot");
        }
        long expected = covered.map(c -> c + 1).orElse(live.isEmpty() ? 0L : live.firstKey());
        for (Map.Entry<Long, Path> e : live.entrySet()) {
            if (e.getKey() != expected) {
                throw new CorruptCheckpointException(CheckpointLayout.segment(root, expected), 0,
                    "journal segment " + expected + " is missing (found " + e.getKey() + ")", acc.toState(warnings));
            }
            replaySegment(e.getValue(), e.getKey(), e.getKey().equals(live.lastKey()), acc, warnings);
            expected++;
        }
    }

    private static void replaySegment(Path file, long sequence, boolean last, StateAccumulator acc,
                                      List<String> warnings) {
        SegmentReader.Segment s;
        try {
            s = SegmentReader.read(file, JournalFormat.JOURNAL_MAGIC, last);
        } catch (CorruptCheckpointException e) {
            throw e.withValidPrefix(acc.toState(warnings));
        }
        if (s.sequence() != sequence && !(s.sequence() == -1 && s.frames().isEmpty())) {
            throw new CorruptCheckpointException(file, 12, "header says segment " + s.sequence(),
                acc.toState(warnings));
        }
        for (SegmentReader.Frame f : s.frames()) {
            try {
                acc.apply(f.type(), StateCodec.parse(f.payload()));
            } catch (CheckpointException | IllegalArgumentException | ArithmeticException e) {
                throw new CorruptCheckpointException(file, f.offset(), "record content is not valid: "
                    + e.getMessage(), acc.toState(warnings));
            }
        }
        if (s.damage().isPresent()) {
            throw s.damage().get().withValidPrefix(acc.toState(warnings));
        }
        s.tornTail().ifPresent(t -> warnings.add(file.getFileName() + ": " + t));
    }
}
