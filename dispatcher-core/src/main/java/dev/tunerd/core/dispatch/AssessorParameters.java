package dev.tunerd.core.dispatch;

import dev.tunerd.spi.Assessor;
import dev.tunerd.spi.ReceivesTrialParameters;
import dev.tunerd.spi.json.JsonValue;
import java.util.HashSet;
import java.util.Set;

/**
 * Tells an assessor that implements {@link ReceivesTrialParameters} the parameters of the trials it judges: once per
 * trial, before its first judgement (from the ledger: issued sets, and the checkpoint's or a resume's sets of the
 * previous run's trials that still reach the assessor), or before its end when only the trial end's {@code
 * hyper_params} carry them (a customized trial). For any other assessor it does nothing. Assessor worker only; not
 * thread-safe.
 */
final class AssessorParameters {
    private final ReceivesTrialParameters receiver;
    /** Trials told and not ended yet. */
    private final Set<String> told = new HashSet<>();

    AssessorParameters(Assessor assessor) {
        this.receiver = assessor instanceof ReceivesTrialParameters r ? r : null;
    }

    /** Before the assessor judges {@code trialJobId} (parameter id {@code parameterId}, null for a customized one). */
    void beforeAssessment(String trialJobId, Long parameterId, ParameterLedger ledger) {
        if (receiver == null || parameterId == null || told.contains(trialJobId)) {
            return;
        }
        JsonValue parameters = ledger.parameters(parameterId);
        if (parameters != null) {
            told.add(trialJobId);
            receiver.trialParameters(trialJobId, parameters);
        }
    }

    /** Before the assessor hears that {@code trialJobId} ended; {@code fromTrialEnd}: its hyper_params set or null. */
    void beforeEnd(String trialJobId, JsonValue fromTrialEnd) {
        if (receiver == null) {
            return;
        }
        if (!told.remove(trialJobId) && fromTrialEnd != null) {
            receiver.trialParameters(trialJobId, fromTrialEnd);
        }
    }
}
