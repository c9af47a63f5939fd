package dev.tunerd.core.checkpoint;

/**
 * Which parameter ids a forced {@link RecordType#IDS_RESERVED} record already covers, so that no {@code TR} leaves
 * with an id that an operating-system crash could let a resumed dispatcher issue again, without forcing the journal
 * for every {@code TR} (an fsync costs 0.3-4 ms on the project machine, more than a whole trial's round trip in a fast
 * run). When an issued id is not covered yet, a new bound is forced: exactly the next id, unless more than
 * {@value #FREE_RENEWALS} renewals came each within the window of the one before; from then on the bound leads by a
 * number of ids that doubles with each such renewal, up to {@value #MAX_LEAD}. A slow or moderate experiment burns
 * no ids; a fast run forces a few times a second, and a crash burns at most the lead.
 * Not thread-safe (the recorder serialises).
 */
final class IdLease {
    static final long MAX_LEAD = 4096;
    static final int FREE_RENEWALS = 8;

    private final long windowMillis;
    private long coveredBelow;
    private long lead;
    private long lastRenewal = Long.MIN_VALUE;
    private int quickRenewals;

    /**
     * @param coveredBelow every id below this is already forced as used or burned (the recovered id counter)
     * @param windowMillis renewals closer together than this grow the lead
     */
    IdLease(long coveredBelow, long windowMillis) {
        this.coveredBelow = coveredBelow;
        this.windowMillis = windowMillis;
    }

    boolean covers(long id) {
        return id < coveredBelow;
    }

    /** The new bound to force for {@code id} (not covered), renewed at {@code nowMillis}. */
    long renew(long id, long nowMillis) {
        boolean soon = lastRenewal != Long.MIN_VALUE && nowMillis - lastRenewal < windowMillis;
        quickRenewals = soon ? quickRenewals + 1 : 0;
        lead = quickRenewals <= FREE_RENEWALS ? 0 : Math.min(MAX_LEAD, Math.max(1, lead * 2));
        lastRenewal = nowMillis;
        coveredBelow = Math.addExact(id, 1 + lead);
        return coveredBelow;
    }
}
