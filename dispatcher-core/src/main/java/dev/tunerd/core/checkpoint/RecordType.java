package dev.tunerd.core.checkpoint;

/**
 * The kinds of journal record, each with its one-byte wire code and the newest payload version this build writes
 * and reads. Codes are never reused; a new field makes a new version, a new kind a new code.
 */
public enum RecordType {
    /** {@code {"space": {...}}}: the search space was set or replaced. */
    SEARCH_SPACE(1, 1),
    /** {@code {"next": n}}: every id below n is used or burned. */
    IDS_RESERVED(2, 1),
    /**
     * {@code {"id": n, "parameters": ..., "at": millis}}: parameters issued under id n (synced before its TR goes
     * out). Version 2 added {@code at} (epoch milliseconds, optional when read), as for the next two.
     */
    PARAMETERS_ISSUED(3, 2),
    /** {@code {"id": n, "trial": "abc"|null, "value": ..., "at": millis}}: a final result (synced). */
    FINAL_RESULT(4, 2),
    /** {@code {"trial": "abc", "id": n|null, "event": "SUCCEEDED", "at": millis}}: a trial ended. */
    TRIAL_ENDED(5, 2),
    /** {@code {"trials": [{"parameter": ..., "value": ..., "trialJobId": ...|null}]}}: data imported (synced). */
    DATA_IMPORTED(6, 1),
    /** {@code {"role": "tuner"|"assessor", "state": ...}}: an algorithm's own snapshot. */
    ALGORITHM_STATE(7, 1),
    /**
     * The single record of a snapshot file: the whole recovered state (see docs/CHECKPOINT.md). Version 2 adds
     * {@code wireIds} and the tuner's {@code steps} after its state (both optional when read); version 3 replaces
     * {@code steps} by {@code events}, every tuner input after its state in order ({@link TunerEvent}); version 4
     * leaves the lists out: they follow in {@link #SNAPSHOT_PART} records, so a snapshot is written and read a part at
     * a time.
     */
    SNAPSHOT(8, 4),
    /** {@code {"id": n, "wire": "0-1_0_3"}}: the tuner named id n's wire id (written just before its PARAMETERS_ISSUED). */
    WIRE_ID_NAMED(9, 1),
    /**
     * {@code {"first": n, "count": c}}: the tuner generated sets for ids n..n+c-1 (after their PARAMETERS_ISSUED
     * records) and its state was not saved with them; a resume repeats the call on the restored state.
     */
    TUNER_STEP(10, 1),
    /**
     * {@code {"id": n, "trial": "abc", "seq": k, "value": ...}}: an intermediate result given to a tuner that reads
     * them ({@code ReceivesIntermediateResults}); written only for such a tuner, and replayed to it after its last
     * saved state, in order with the other records.
     */
    INTERMEDIATE_RESULT(11, 1),
    /**
     * Only in {@code snapshot.bin}, after a version-4 SNAPSHOT record: {@code {"<list>": [...]}}, at most 1,000
     * entries of one of the lists issued, wireIds, results, ended, imported (as a version-3 snapshot held them).
     */
    SNAPSHOT_PART(12, 1);

    private final byte code;
    private final byte version;

    RecordType(int code, int version) {
        this.code = (byte) code;
        this.version = (byte) version;
    }

    public byte code() {
        return code;
    }

    /** The payload version this build writes; it reads every version up to this one. */
    public byte version() {
        return version;
    }

    /** The type with this code, or null when the code is unknown. */
    public static RecordType ofCode(byte code) {
        for (RecordType t : values()) {
            if (t.code == code) {
                return t;
            }
        }
        return null;
    }
}
