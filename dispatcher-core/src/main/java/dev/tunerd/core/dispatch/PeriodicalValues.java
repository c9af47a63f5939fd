package dev.tunerd.core.dispatch;

import dev.tunerd.protocol.command.InboundCommand;
import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.Metrics;
import dev.tunerd.spi.text.SafeText;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The rule {@link FinalResults} applies to a FINAL, for a PERIODICAL metric: a value that is not a number (nor a dict
 * with a numeric {@code default}) reaches neither the tuner nor the assessor, which the SPI promises scalars
 * ({@code IntermediateResult}, {@code Assessor#assessTrial}); a WARNING names the trial, the run goes on. Before issue
 * 13 session 31 such a value reached them, and every algorithm that reads it (Hyperband, BOHB, ASHA, Medianstop,
 * SuccessiveHalving) threw, so the daemon answered ER and exited. The assessor's history then has a gap there: it
 * judges the trial on the results before it, as for a result that never came. Stateless; thread-safe.
 */
final class PeriodicalValues {

    private static final Logger LOG = LoggerFactory.getLogger(MsgDispatcher.class);

    private PeriodicalValues() {
    }

    /**
     * True when the metric's value is a scalar; else false, with the WARNING when {@code log} (a metric handled in two
     * halves is logged by one of them).
     */
    static boolean isScalar(InboundCommand.ReportMetric me, boolean log) {
        if (Metrics.isScalar(me.value())) {
            return true;
        }
        if (log) {
            LOG.warn("Intermediate result {} of trial {} (parameter id {}) is not a number nor a dict with a numeric"
                + " \"default\"; not passed to the algorithms: {}", me.sequence(),
                me.trialJobId() == null ? "None" : SafeText.of(me.trialJobId()), me.parameterId(),
                SafeText.of(Json.writeAllowingNonFinite(me.value())));
        }
        return false;
    }
}
