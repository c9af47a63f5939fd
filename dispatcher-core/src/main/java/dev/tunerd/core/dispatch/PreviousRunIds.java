package dev.tunerd.core.dispatch;

import dev.tunerd.spi.NamesParameterIds;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.text.SafeText;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps parameter ids (and the names a tuner gives its sets) unique across the runs of one experiment when there is
 * no checkpoint: every run records a bound above what it issued in the log directory ({@link IssuedIdsRecord}), and a
 * resume without a checkpoint starts its id counter and the tuner's name counters there. NNI instead restarts at
 * max({@code AD} ids) + 1 (1 after {@code AD []}) and its advisors at 0, so a new trial can get the id of a finished
 * one, whose late {@code FINAL} or {@code EN} is then taken as the new trial's (and the new trial's own dropped as a
 * duplicate). Without a record (no log directory, an experiment begun by an older tunerd, a damaged file) the
 * resume behaves as NNI's, with a WARNING. With a checkpoint nothing here applies: its id lease continues the ids.
 *
 * <p>Used once, on main, after the start hook and before the channel opens (no other thread runs yet).
 */
public final class PreviousRunIds {
    private static final Logger LOG = LoggerFactory.getLogger(PreviousRunIds.class);

    private PreviousRunIds() {
    }

    /**
     * Reads the record in {@code logDirectory}, continues past it when this is a resume without a checkpoint (the
     * start hook planned none), and has the issuer keep it up to date from now on.
     *
     * @param tuner the algorithm itself (not a wrapper), so it can be tested for {@link NamesParameterIds}
     * @return the record, to be closed when the daemon ends; null without a log directory
     */
    public static IssuedIdsRecord continueRecord(DispatchState state, Tuner tuner, Optional<Path> logDirectory,
                                                 boolean resume) {
        IssuedIdsRecord record = logDirectory.map(IssuedIdsRecord::in).orElse(null);
        if (resume && state.resumePlan() == ResumePlan.NONE) {
            continuePast(state, tuner, record == null ? OptionalLong.empty() : record.previous(),
                record == null ? "no NNI_LOG_DIRECTORY" : SafeText.of(record.file()));
        }
        if (record != null) {
            state.issuer().recordIssuedIds(record);
        }
        return record;
    }

    private static void continuePast(DispatchState state, Tuner tuner, OptionalLong previous, String where) {
        if (previous.isEmpty()) {
            LOG.warn("Resuming without a checkpoint and without a record of the ids issued before ({}): ids of the"
                + " previous runs' finished trials may be issued again", where);
            return;
        }
        long bound = previous.getAsLong();
        if (bound > 0) {
            state.ledger().continuePast(bound);
            if (tuner instanceof NamesParameterIds names) {
                names.continueNamesFrom(bound);
            }
        }
        LOG.info("Resuming without a checkpoint: the previous runs issued ids and name counters below {} ({});"
            + " new ones start there", bound, where);
    }
}
