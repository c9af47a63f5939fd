package dev.tunerd.core.dispatch;

import dev.tunerd.protocol.command.InboundCommand;
import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.Metrics;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.spi.text.SafeText;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The FINAL metric path of spec 4.5: customized trials, unknown ids, and (unlike NNI) duplicates, which are logged and
 * dropped so a tuner never sees two results for one id, and values that are not a number (nor a dict with a numeric
 * {@code default}): one rule for every tuner, builtin or plugin: a WARNING naming the trial, the value is not passed
 * to the tuner nor journalled, the experiment goes on (NNI's tuners crash or, some, take it silently). A later
 * numeric result for the same id is still taken. Stateless; thread-safe.
 */
final class FinalResults {

    private static final Logger LOG = LoggerFactory.getLogger(MsgDispatcher.class);

    private FinalResults() {
    }

    static void deliver(InboundCommand.ReportMetric me, Tuner tuner, ParameterLedger ledger, DispatchObserver observer) {
        Long id = me.parameterId();
        if (id == null) {
            if (!tuner.acceptsCustomizedTrials()) {
                LOG.info("Customized trial job {} ignored by tuner", SafeText.of(me.trialJobId()));
                return;
            }
            // NNI v2.10+ then looks the null id up and finds nothing; no parameters are known for it
            LOG.warn("Find unknown job parameter id None, maybe something goes wrong.");
            return;
        }
        JsonValue params = ledger.parameters(id);
        if (params == null && ledger.isKnown(id)) { // its result and its end were both handled already
            LOG.warn("Duplicate final result for parameter id {} (trial {}) ignored", id,
                SafeText.of(me.trialJobId()));
            return;
        }
        if (params == null) {
            LOG.warn("Find unknown job parameter id {}, maybe something goes wrong.", id);
            return;
        }
        if (!isNumeric(me, id)) {
            return;
        }
        if (!ledger.markFinalReceived(id)) {
            LOG.warn("Duplicate final result for parameter id {} (trial {}) ignored", id, SafeText.of(me.trialJobId()));
            return;
        }
        if (ledger.hasEnded(id)) {
            LOG.info("Final result for parameter id {} arrived after its trial ended", id);
        }
        tuner.receiveTrialResult(new TrialResult(id, params, me.value(), false, Optional.ofNullable(me.trialJobId())));
        observer.finalResultReceived(id, me.trialJobId(), me.value());
    }

    /** True when the value is a result a tuner can take; else logs the WARNING of the class comment. */
    static boolean isNumeric(InboundCommand.ReportMetric me, long id) {
        if (Metrics.isScalar(me.value())) {
            return true;
        }
        LOG.warn("Final result of trial {} (parameter id {}) is not a number nor a dict with a numeric \"default\";"
            + " not passed to the tuner: {}", SafeText.of(me.trialJobId()), id,
            SafeText.of(Json.writeAllowingNonFinite(me.value())));
        return false;
    }
}
