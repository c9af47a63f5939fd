package dev.tunerd.core.checkpoint;

import dev.tunerd.spi.ImportedTrial;
import java.util.List;

/**
 * The history recorded after an algorithm snapshot was taken, which the restored algorithm has not seen yet.
 * Immutable.
 *
 * @param issuedIds parameter ids issued after the snapshot (already generated; the tuner must not regenerate them)
 * @param results   final results received after the snapshot, in order
 * @param ended     trial ends after the snapshot, in order
 * @param imported  entries imported after the snapshot, in order
 */
public record Replay(List<Long> issuedIds, List<RecordedResult> results, List<EndedTrial> ended,
                     List<ImportedTrial> imported) {
    public Replay {
        issuedIds = List.copyOf(issuedIds);
        results = List.copyOf(results);
        ended = List.copyOf(ended);
        imported = List.copyOf(imported);
    }
}
