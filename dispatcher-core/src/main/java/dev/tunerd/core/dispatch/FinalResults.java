package dev.tunerd.core.dispatch;

import dev.tunerd.protocol.command.InboundCommand;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.json.JsonValue;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The FINAL metric path of spec 4.5: customized trials, unknown ids, and (unlike NNI) duplicates, which are logged and
 * dropped so a tuner never sees two results for one id. Stateless; thread-safe.
 */
final class FinalResults {

    private static final Logger LOG = LoggerFactory.getLogger(MsgDispatcher.class);

    private FinalResults() {
    }

    static void deliver(InboundCommand.ReportMetric me, Tuner tuner, ParameterLedger ledger, DispatchObserver observer) {
        Long id = me.parameterId();
        if (id == null) {
            if (!tuner.acceptsCustomizedTrials()) {
                LOG.info("Customized trial job {} ignored by tuner", me.trialJobId());
                return;
            }
            // NNI v2.10+ then looks the null id up and finds nothing; no parameters are known for it
            LOG.warn("Find unknown job parameter id None, maybe something goes wrong.");
            return;
        }
        JsonValue params = ledger.parameters(id);
        if (params == null && ledger.isKnown(id)) { // its result and its end were both handled already
            LOG.warn("Duplicate final result for parameter id {} (trial {}) ignored", id, me.trialJobId());
            return;
        }
        if (params == null) {
            LOG.warn("Find unknown job parameter id {}, maybe something goes wrong.", id);
            return;
        }
        if (!ledger.markFinalReceived(id)) {
            LOG.warn("Duplicate final result for parameter id {} (trial {}) ignored", id, me.trialJobId());
            return;
        }
        if (ledger.hasEnded(id)) {
            LOG.info("Final result for parameter id {} arrived after its trial ended", id);
        }
        tuner.receiveTrialResult(new TrialResult(id, params, me.value(), false, Optional.ofNullable(me.trialJobId())));
        observer.finalResultReceived(id, me.trialJobId(), me.value());
    }
}
