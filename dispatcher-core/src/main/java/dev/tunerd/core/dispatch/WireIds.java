package dev.tunerd.core.dispatch;

import dev.tunerd.protocol.command.InboundCommand;
import dev.tunerd.spi.text.SafeText;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Maps the string {@code parameter_id} of a metric or trial end (an id a tuner named, see
 * {@link dev.tunerd.spi.NamesParameterIds}) to the dispatcher's own id through the {@link ParameterLedger}. Commands
 * with an integer or null id pass unchanged. A string id the ledger does not know is logged (escaped, capped) and the
 * command is dropped: NNI v2.10-3.0 crashed here (issue #5263). Thread-safe (the ledger is).
 */
final class WireIds {
    private static final Logger LOG = LoggerFactory.getLogger(MsgDispatcher.class);

    private final ParameterLedger ledger;

    WireIds(ParameterLedger ledger) {
        this.ledger = ledger;
    }

    /** The metric under the ledger's id, or null when its string id is unknown (logged). */
    InboundCommand.ReportMetric resolve(InboundCommand.ReportMetric me) {
        return resolve(me, true);
    }

    /**
     * As {@link #resolve(InboundCommand.ReportMetric)}, logging an unknown id only when {@code log}: a metric handled
     * in two halves (one on each queue) is logged by one of them.
     */
    InboundCommand.ReportMetric resolve(InboundCommand.ReportMetric me, boolean log) {
        if (me.wireParameterId() == null) {
            return me;
        }
        Long id = ledger.idOfWire(me.wireParameterId());
        if (id == null) {
            if (!log) {
                return null;
            }
            LOG.warn("Find unknown job parameter id {} ({} metric of trial {}), ignored", SafeText.of(me.wireParameterId()),
                me.metricType(), me.trialJobId() == null ? "None" : SafeText.of(me.trialJobId()));
            return null;
        }
        return me.withParameterId(id);
    }

    Optional<InboundCommand.TrialEnd> resolve(InboundCommand.TrialEnd en) {
        if (en.wireParameterId() == null) {
            return Optional.of(en);
        }
        Long id = ledger.idOfWire(en.wireParameterId());
        if (id == null) {
            LOG.warn("Trial end of {} for unknown parameter id {} not passed to the algorithms", SafeText.of(en.trialJobId()),
                SafeText.of(en.wireParameterId()));
            return Optional.empty();
        }
        return Optional.of(en.withParameterId(id));
    }

    /** As {@link #resolve(InboundCommand.TrialEnd)}, without the log line. */
    Optional<InboundCommand.TrialEnd> resolveQuietly(InboundCommand.TrialEnd en) {
        if (en.wireParameterId() == null) {
            return Optional.of(en);
        }
        Long id = ledger.idOfWire(en.wireParameterId());
        return id == null ? Optional.empty() : Optional.of(en.withParameterId(id));
    }
}
